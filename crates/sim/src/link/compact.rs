//! The byte format inside a share link: each value in as few bytes as it takes, and each string once.
//!
//! Not self-describing, so no type names or field names travel: a value is read back by the same
//! type that wrote it, field by field and variant by variant. Numbers are LEB128 varints (most take
//! one byte), a string repeated anywhere in the link is written once and then named by its place in
//! the link's string table (a demo's actions name the same claim and node again and again), and an
//! enum variant is one byte, its tag. Why not serde: the actions are internally tagged enums, which
//! serde can only read back from a self-describing format, and serde's derive for reading them would
//! add far more to every module than these few impls do.

use crate::ordered::VecMap;

/// The bytes do not describe a value of the type asked for: a tag it does not know, a string that is
/// not UTF-8, a number too large, or bytes missing. Only possible for a link someone made by hand, or
/// by a build whose types differ; the link's checksum catches damage on the way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Broken;

/// A value a share link can carry. Implemented with [`compact_struct!`] and [`compact_enum!`], which
/// list every field and variant, so a field added to a type does not compile until its link says how
/// it travels.
pub trait Compact: Sized {
    fn put(&self, w: &mut Writer);
    fn take(r: &mut Reader) -> Result<Self, Broken>;
}

#[derive(Default)]
pub struct Writer {
    pub(crate) bytes: Vec<u8>,
    strings: Vec<String>,
}

impl Writer {
    pub fn varint(&mut self, mut n: u64) {
        loop {
            let low = (n & 0x7f) as u8;
            n >>= 7;
            if n == 0 {
                self.bytes.push(low);
                return;
            }
            self.bytes.push(low | 0x80);
        }
    }

    pub fn tag(&mut self, tag: u8) {
        self.bytes.push(tag);
    }
}

pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    strings: Vec<String>,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0, strings: Vec::new() }
    }

    /// How many bytes have been read.
    pub fn position(&self) -> usize {
        self.at
    }

    pub fn is_done(&self) -> bool {
        self.at == self.bytes.len()
    }

    fn left(&self) -> usize {
        self.bytes.len() - self.at
    }

    pub fn byte(&mut self) -> Result<u8, Broken> {
        let b = *self.bytes.get(self.at).ok_or(Broken)?;
        self.at += 1;
        Ok(b)
    }

    pub fn tag(&mut self) -> Result<u8, Broken> {
        self.byte()
    }

    pub fn varint(&mut self) -> Result<u64, Broken> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f).checked_shl(shift).ok_or(Broken)?;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(Broken)
    }

    /// A length that cannot ask for more elements than bytes are left (each takes at least one), so
    /// a forged length never makes a large allocation.
    fn len(&mut self) -> Result<usize, Broken> {
        let n = usize::try_from(self.varint()?).map_err(|_| Broken)?;
        if n > self.left() {
            return Err(Broken);
        }
        Ok(n)
    }
}

/// Reads one value that must take exactly all of `bytes`.
pub fn read_all<T: Compact>(bytes: &[u8]) -> Result<T, Broken> {
    let mut r = Reader::new(bytes);
    let value = T::take(&mut r)?;
    if r.is_done() {
        Ok(value)
    } else {
        Err(Broken)
    }
}

pub fn write_all<T: Compact>(value: &T) -> Vec<u8> {
    let mut w = Writer::default();
    value.put(&mut w);
    w.bytes
}

impl Compact for bool {
    fn put(&self, w: &mut Writer) {
        w.tag(u8::from(*self));
    }
    fn take(r: &mut Reader) -> Result<Self, Broken> {
        match r.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(Broken),
        }
    }
}

impl Compact for u32 {
    fn put(&self, w: &mut Writer) {
        w.varint(u64::from(*self));
    }
    fn take(r: &mut Reader) -> Result<Self, Broken> {
        u32::try_from(r.varint()?).map_err(|_| Broken)
    }
}

/// Zigzag, so -1 is one byte as 1 is.
impl Compact for i64 {
    fn put(&self, w: &mut Writer) {
        w.varint(((*self << 1) ^ (*self >> 63)) as u64);
    }
    fn take(r: &mut Reader) -> Result<Self, Broken> {
        let n = r.varint()?;
        Ok((n >> 1) as i64 ^ -((n & 1) as i64))
    }
}

/// 0 and the string for a string not seen yet in this link; its place in the table plus one after.
impl Compact for String {
    fn put(&self, w: &mut Writer) {
        if let Some(at) = w.strings.iter().position(|s| s == self) {
            w.varint(at as u64 + 1);
            return;
        }
        w.varint(0);
        w.varint(self.len() as u64);
        w.bytes.extend_from_slice(self.as_bytes());
        w.strings.push(self.clone());
    }
    fn take(r: &mut Reader) -> Result<Self, Broken> {
        let at = r.varint()?;
        if at > 0 {
            let at = usize::try_from(at - 1).map_err(|_| Broken)?;
            return r.strings.get(at).cloned().ok_or(Broken);
        }
        let len = r.len()?;
        let bytes = &r.bytes[r.at..r.at + len];
        let s = std::str::from_utf8(bytes).map_err(|_| Broken)?.to_string();
        r.at += len;
        r.strings.push(s.clone());
        Ok(s)
    }
}

impl<T: Compact> Compact for Option<T> {
    fn put(&self, w: &mut Writer) {
        match self {
            None => w.tag(0),
            Some(v) => {
                w.tag(1);
                v.put(w);
            }
        }
    }
    fn take(r: &mut Reader) -> Result<Self, Broken> {
        match r.byte()? {
            0 => Ok(None),
            1 => Ok(Some(T::take(r)?)),
            _ => Err(Broken),
        }
    }
}

impl<T: Compact> Compact for Vec<T> {
    fn put(&self, w: &mut Writer) {
        w.varint(self.len() as u64);
        for v in self {
            v.put(w);
        }
    }
    fn take(r: &mut Reader) -> Result<Self, Broken> {
        let len = r.len()?;
        let mut out = Vec::with_capacity(len);
        for _ in 0..len {
            out.push(T::take(r)?);
        }
        Ok(out)
    }
}

impl<K: Compact + Ord, V: Compact> Compact for VecMap<K, V> {
    fn put(&self, w: &mut Writer) {
        w.varint(self.len() as u64);
        for (k, v) in self {
            k.put(w);
            v.put(w);
        }
    }
    fn take(r: &mut Reader) -> Result<Self, Broken> {
        let len = r.len()?;
        let mut out = VecMap::new();
        for _ in 0..len {
            let k = K::take(r)?;
            let v = V::take(r)?;
            out.insert(k, v);
        }
        Ok(out)
    }
}

impl<A: Compact, B: Compact> Compact for (A, B) {
    fn put(&self, w: &mut Writer) {
        self.0.put(w);
        self.1.put(w);
    }
    fn take(r: &mut Reader) -> Result<Self, Broken> {
        Ok((A::take(r)?, B::take(r)?))
    }
}

/// A struct travels as its fields in the order listed; every field must be listed.
#[macro_export]
macro_rules! compact_struct {
    ($ty:ident { $($field:ident),* $(,)? }) => {
        impl $crate::link::Compact for $ty {
            fn put(&self, w: &mut $crate::link::Writer) {
                let $ty { $($field),* } = self;
                $( $crate::link::Compact::put($field, w); )*
            }
            fn take(r: &mut $crate::link::Reader) -> Result<Self, $crate::link::Broken> {
                Ok($ty { $($field: $crate::link::Compact::take(r)?),* })
            }
        }
    };
}

/// An enum travels as its variant's tag, then the variant's fields. Tags are part of the link
/// format: a tag once given is never reused, and a new variant takes a new one.
#[macro_export]
macro_rules! compact_enum {
    ($ty:ident {
        $($tag:literal => $variant:ident $({ $($field:ident),* $(,)? })? $(( $($pos:ident),* ))?),* $(,)?
    }) => {
        impl $crate::link::Compact for $ty {
            fn put(&self, w: &mut $crate::link::Writer) {
                match self {
                    $($ty::$variant $({ $($field),* })? $(( $($pos),* ))? => {
                        w.tag($tag);
                        $($( $crate::link::Compact::put($field, w); )*)?
                        $($( $crate::link::Compact::put($pos, w); )*)?
                    })*
                }
            }
            fn take(r: &mut $crate::link::Reader) -> Result<Self, $crate::link::Broken> {
                Ok(match r.tag()? {
                    $($tag => $ty::$variant
                        $({ $($field: $crate::link::Compact::take(r)?),* })?
                        $(( $({ let $pos = $crate::link::Compact::take(r)?; $pos }),* ))?,)*
                    _ => return Err($crate::link::Broken),
                })
            }
        }
    };
}
