//! Compact JSON for the scenario files a demo exports, written the way `serde_json::to_string`
//! writes it, so the replay tool reads exactly what a demo saw. The demos' wasm carries this
//! writer instead of serde_json: it only has to write, never parse, and only what the models hold.

use std::fmt::{self, Display, Write};

use serde::ser::{self, Serialize};

/// The value as compact JSON.
pub fn to_json<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = String::new();
    // Writing into a String cannot fail, and every model type is representable (string or integer
    // map keys only; the property run checks every one against serde_json), so an error here would
    // be a bug in this file. A demo must not panic for it: it gets what was written.
    let written = value.serialize(Writer { out: &mut out });
    debug_assert!(written.is_ok(), "json::to_json: {written:?}");
    out
}

#[derive(Debug)]
pub struct Unsupported(String);

impl Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: Display>(msg: T) -> Self {
        Unsupported(msg.to_string())
    }
}

type Result = std::result::Result<(), Unsupported>;

fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

struct Writer<'a> {
    out: &'a mut String,
}

/// A sequence, map or struct being written: whether a comma comes before the next element.
struct Compound<'a> {
    out: &'a mut String,
    first: bool,
    /// What closes it: `]`, `}`, or `}}` for a variant wrapped in `{"Name": ...}`.
    close: &'static str,
}

impl Compound<'_> {
    fn comma(&mut self) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
    }
}

impl<'a> Writer<'a> {
    fn open(self, open: &str, close: &'static str) -> Compound<'a> {
        self.out.push_str(open);
        Compound { out: self.out, first: true, close }
    }

    fn variant(self, variant: &str, open: &str, close: &'static str) -> Compound<'a> {
        self.out.push('{');
        string(self.out, variant);
        self.out.push(':');
        self.out.push_str(open);
        Compound { out: self.out, first: true, close }
    }

    fn display(self, v: impl Display) -> Result {
        let _ = write!(self.out, "{v}");
        Ok(())
    }
}

impl<'a> ser::Serializer for Writer<'a> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result {
        self.display(v)
    }
    fn serialize_i8(self, v: i8) -> Result {
        self.display(v)
    }
    fn serialize_i16(self, v: i16) -> Result {
        self.display(v)
    }
    fn serialize_i32(self, v: i32) -> Result {
        self.display(v)
    }
    fn serialize_i64(self, v: i64) -> Result {
        self.display(v)
    }
    fn serialize_u8(self, v: u8) -> Result {
        self.display(v)
    }
    fn serialize_u16(self, v: u16) -> Result {
        self.display(v)
    }
    fn serialize_u32(self, v: u32) -> Result {
        self.display(v)
    }
    fn serialize_u64(self, v: u64) -> Result {
        self.display(v)
    }
    fn serialize_f32(self, v: f32) -> Result {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result {
        if v.is_finite() {
            // Rust's shortest round-trip form. It agrees with serde_json's ryu between 1e-4 and 1e16
            // ("1.0", "0.25"); outside that ryu uses an exponent. The models hold no floats.
            self.display(format_args!("{v:?}"))
        } else {
            self.serialize_unit()
        }
    }
    fn serialize_char(self, v: char) -> Result {
        string(self.out, v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result {
        string(self.out, v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result {
        use ser::SerializeSeq;
        let mut seq = self.serialize_seq(Some(v.len()))?;
        for b in v {
            seq.serialize_element(b)?;
        }
        seq.end()
    }
    fn serialize_none(self) -> Result {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result {
        self.out.push_str("null");
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result {
        self.out.push('{');
        string(self.out, variant);
        self.out.push(':');
        value.serialize(Writer { out: self.out })?;
        self.out.push('}');
        Ok(())
    }
    fn serialize_seq(self, _: Option<usize>) -> std::result::Result<Compound<'a>, Unsupported> {
        Ok(self.open("[", "]"))
    }
    fn serialize_tuple(self, _: usize) -> std::result::Result<Compound<'a>, Unsupported> {
        Ok(self.open("[", "]"))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> std::result::Result<Compound<'a>, Unsupported> {
        Ok(self.open("[", "]"))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> std::result::Result<Compound<'a>, Unsupported> {
        Ok(self.variant(variant, "[", "]}"))
    }
    fn serialize_map(self, _: Option<usize>) -> std::result::Result<Compound<'a>, Unsupported> {
        Ok(self.open("{", "}"))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> std::result::Result<Compound<'a>, Unsupported> {
        Ok(self.open("{", "}"))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> std::result::Result<Compound<'a>, Unsupported> {
        Ok(self.variant(variant, "{", "}}"))
    }
}

impl Compound<'_> {
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        self.comma();
        value.serialize(Writer { out: self.out })
    }

    fn finish(self) -> Result {
        self.out.push_str(self.close);
        Ok(())
    }
}

impl ser::SerializeSeq for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        self.element(value)
    }
    fn end(self) -> Result {
        self.finish()
    }
}

impl ser::SerializeTuple for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        self.element(value)
    }
    fn end(self) -> Result {
        self.finish()
    }
}

impl ser::SerializeTupleStruct for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        self.element(value)
    }
    fn end(self) -> Result {
        self.finish()
    }
}

impl ser::SerializeTupleVariant for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        self.element(value)
    }
    fn end(self) -> Result {
        self.finish()
    }
}

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result {
        self.comma();
        key.serialize(Key { out: self.out })?;
        self.out.push(':');
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        value.serialize(Writer { out: self.out })
    }
    fn end(self) -> Result {
        self.finish()
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result {
        self.comma();
        string(self.out, key);
        self.out.push(':');
        value.serialize(Writer { out: self.out })
    }
    fn end(self) -> Result {
        self.finish()
    }
}

impl ser::SerializeStructVariant for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result {
        ser::SerializeStruct::serialize_field(self, key, value)
    }
    fn end(self) -> Result {
        self.finish()
    }
}

/// A map key: JSON keys are strings, so integers are quoted as serde_json quotes them.
struct Key<'a> {
    out: &'a mut String,
}

impl Key<'_> {
    fn quoted(self, v: impl Display) -> Result {
        let _ = write!(self.out, "\"{v}\"");
        Ok(())
    }

    fn unsupported() -> Unsupported {
        Unsupported("a map key must be a string or an integer".to_string())
    }
}

impl ser::Serializer for Key<'_> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = ser::Impossible<(), Unsupported>;
    type SerializeTuple = ser::Impossible<(), Unsupported>;
    type SerializeTupleStruct = ser::Impossible<(), Unsupported>;
    type SerializeTupleVariant = ser::Impossible<(), Unsupported>;
    type SerializeMap = ser::Impossible<(), Unsupported>;
    type SerializeStruct = ser::Impossible<(), Unsupported>;
    type SerializeStructVariant = ser::Impossible<(), Unsupported>;

    fn serialize_str(self, v: &str) -> Result {
        string(self.out, v);
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result {
        value.serialize(self)
    }
    fn serialize_i8(self, v: i8) -> Result {
        self.quoted(v)
    }
    fn serialize_i16(self, v: i16) -> Result {
        self.quoted(v)
    }
    fn serialize_i32(self, v: i32) -> Result {
        self.quoted(v)
    }
    fn serialize_i64(self, v: i64) -> Result {
        self.quoted(v)
    }
    fn serialize_u8(self, v: u8) -> Result {
        self.quoted(v)
    }
    fn serialize_u16(self, v: u16) -> Result {
        self.quoted(v)
    }
    fn serialize_u32(self, v: u32) -> Result {
        self.quoted(v)
    }
    fn serialize_u64(self, v: u64) -> Result {
        self.quoted(v)
    }
    fn serialize_char(self, v: char) -> Result {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_bool(self, _: bool) -> Result {
        Err(Key::unsupported())
    }
    fn serialize_f32(self, _: f32) -> Result {
        Err(Key::unsupported())
    }
    fn serialize_f64(self, _: f64) -> Result {
        Err(Key::unsupported())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result {
        Err(Key::unsupported())
    }
    fn serialize_none(self) -> Result {
        Err(Key::unsupported())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result {
        Err(Key::unsupported())
    }
    fn serialize_unit(self) -> Result {
        Err(Key::unsupported())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result {
        Err(Key::unsupported())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result {
        Err(Key::unsupported())
    }
    fn serialize_seq(self, _: Option<usize>) -> std::result::Result<Self::SerializeSeq, Unsupported> {
        Err(Key::unsupported())
    }
    fn serialize_tuple(self, _: usize) -> std::result::Result<Self::SerializeTuple, Unsupported> {
        Err(Key::unsupported())
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> std::result::Result<Self::SerializeTupleStruct, Unsupported> {
        Err(Key::unsupported())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> std::result::Result<Self::SerializeTupleVariant, Unsupported> {
        Err(Key::unsupported())
    }
    fn serialize_map(self, _: Option<usize>) -> std::result::Result<Self::SerializeMap, Unsupported> {
        Err(Key::unsupported())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> std::result::Result<Self::SerializeStruct, Unsupported> {
        Err(Key::unsupported())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> std::result::Result<Self::SerializeStructVariant, Unsupported> {
        Err(Key::unsupported())
    }
}

#[cfg(test)]
mod tests {
    use super::to_json;

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let text = "a\"b\\c\nd\te\u{1}f 区画 /";
        assert_eq!(to_json(text), serde_json::to_string(text).unwrap());
    }

    #[test]
    fn maps_with_integer_keys_quote_them_and_options_are_null() {
        let map: std::collections::BTreeMap<u32, Option<String>> = [(0, None), (7, Some("x".into()))].into();
        assert_eq!(to_json(&map), r#"{"0":null,"7":"x"}"#);
        assert_eq!(to_json(&map), serde_json::to_string(&map).unwrap());
        assert_eq!(to_json(&(1.5f64, -2i64, true)), serde_json::to_string(&(1.5f64, -2i64, true)).unwrap());
    }
}
