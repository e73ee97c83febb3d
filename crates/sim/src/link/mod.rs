//! Share links: a demo's starting settings and the reader's actions since, in a URL fragment that
//! also names which demo on the page it belongs to.
//!
//! `#kubevol:csi:2:v1:<payload>` is the second CSI demo on the page, format 1. The address comes
//! first and never changes shape, so a page can tell which demo a link is for even when it cannot
//! read the rest, and say so in that demo. The payload is base64url (no padding) of
//! `length · content · checksum`: the length tells a link cut short from one that was changed, and
//! the checksum (FNV-1a over the address and the content) catches a changed character anywhere.
//! The content is [`compact`]'s byte format, about two bytes per action, so a hundred actions stay
//! a few hundred characters.
//!
//! Decoding never panics and never guesses: every way a fragment can be wrong is a [`LinkError`].

mod compact;
mod models;

pub use compact::{read_all, write_all, Broken, Compact, Reader, Writer};

/// The format this build writes and reads.
pub const VERSION: &str = "v1";
const PREFIX: &str = "kubevol";
/// Longer fragments are refused before anything is decoded: a page must never spend seconds
/// replaying a link. At two to three bytes an action this is thousands of actions.
pub const MAX_CHARS: usize = 8000;

/// Which demo on a page a link is for: the kind (`data-kubevol-demo`) and its place among the
/// page's demos of that kind, from 1, in document order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub kind: String,
    pub nth: u32,
}

/// Why a fragment does not restore a demo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Characters a link never holds, or pieces missing between them.
    Malformed,
    /// Made by another version of the demos, which may lay its payload out differently.
    ForeignVersion { found: String },
    /// Longer than any link a demo makes would reasonably be.
    Oversized { chars: usize },
    /// Cut short, as when a URL is copied or wrapped only in part.
    Truncated,
    /// Complete, but a character changed since it was made.
    Tampered,
    /// Intact, but its content does not read as this demo's settings and actions.
    Invalid,
    /// Readable, but it asks for settings or actions the demo's controls do not offer, as only a
    /// hand-made link can.
    NotOffered,
    /// Readable, but more actions than the demo replays from a link (`max`): a replay that long
    /// would hold the page up.
    TooManyActions { actions: usize, max: usize },
}

impl Address {
    /// The address of a fragment (without `#`) that is a kubevol link; `None` for any other
    /// fragment, such as a heading's anchor.
    pub fn of(fragment: &str) -> Option<Address> {
        let mut parts = fragment.split(':');
        if parts.next() != Some(PREFIX) {
            return None;
        }
        let kind = parts.next().filter(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_lowercase()))?;
        let nth = parts.next()?;
        // One spelling per number, so the checksum and the page agree on which demo it is.
        let nth = nth.parse::<u32>().ok().filter(|n| *n > 0 && n.to_string() == nth)?;
        Some(Address { kind: kind.to_string(), nth })
    }

    fn checked(&self) -> String {
        format!("{PREFIX}:{}:{}:", self.kind, self.nth)
    }
}

/// The fragment (without `#`) that restores `value` in the demo at `address`.
pub fn encode<T: Compact>(address: &Address, value: &T) -> String {
    let content = write_all(value);
    let mut bytes = Writer::default();
    bytes.varint(content.len() as u64 + 4);
    let mut payload = bytes.bytes;
    let sum = checksum(&address.checked(), &content);
    payload.extend_from_slice(&content);
    payload.extend_from_slice(&sum.to_le_bytes());
    format!("{}{VERSION}:{}", address.checked(), base64url(&payload))
}

/// The value a fragment holds, read as `T`; the fragment's address is read by [`Address::of`].
pub fn decode<T: Compact>(fragment: &str) -> Result<T, LinkError> {
    // Bytes, not characters: a link is ASCII, and anything else is refused below anyway.
    let chars = fragment.len();
    if chars > MAX_CHARS {
        return Err(LinkError::Oversized { chars });
    }
    decode_any_length(fragment)
}

/// [`decode`] without the length a reader's address may have: for a fragment that never was in an
/// address, such as a demo's whole history handed from one module of the page to another (the
/// script API, `crates/api`).
pub fn decode_any_length<T: Compact>(fragment: &str) -> Result<T, LinkError> {
    let address = Address::of(fragment).ok_or(LinkError::Malformed)?;
    // The address was read above; what follows it is the version and the payload.
    let mut parts = fragment.splitn(5, ':').skip(3);
    let (version, payload) = (parts.next().unwrap_or_default(), parts.next());
    if version != VERSION {
        // `v`, or nothing, with no payload after it: the link ends inside its version.
        if payload.is_none() && VERSION.starts_with(version) {
            return Err(LinkError::Truncated);
        }
        // Only a version as this format spells one is named back to the reader.
        let digits = version.strip_prefix('v').unwrap_or_default();
        let spelled = (1..=3).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit());
        return Err(if spelled {
            LinkError::ForeignVersion { found: version.to_string() }
        } else {
            LinkError::Malformed
        });
    }
    let Some(payload) = payload else {
        return Err(LinkError::Truncated);
    };
    let (bytes, canonical) = from_base64url(payload)?;
    let mut r = Reader::new(&bytes);
    let Ok(len) = r.varint() else {
        return Err(LinkError::Truncated);
    };
    let body = &bytes[r.position()..];
    let len = usize::try_from(len).map_err(|_| LinkError::Tampered)?;
    if body.len() < len {
        return Err(LinkError::Truncated);
    }
    if body.len() > len || len < 4 || !canonical {
        return Err(LinkError::Tampered);
    }
    let (content, sum) = body.split_at(len - 4);
    if checksum(&address.checked(), content).to_le_bytes() != sum {
        return Err(LinkError::Tampered);
    }
    read_all(content).map_err(|Broken| LinkError::Invalid)
}

/// FNV-1a, 32 bits: catches a changed character, which is all a link needs (it guards against
/// accidents, not adversaries; a forged link can only ask the model for what a reader could).
fn checksum(address: &str, content: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in address.as_bytes().iter().chain(content) {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// The bytes, and whether the text is the one spelling of them (the bits past the last whole byte
/// are zero in every link written, so a changed last character shows there).
fn from_base64url(text: &str) -> Result<(Vec<u8>, bool), LinkError> {
    let mut sixes = Vec::with_capacity(text.len());
    for c in text.bytes() {
        let v = ALPHABET.iter().position(|a| *a == c).ok_or(LinkError::Malformed)?;
        sixes.push(v as u32);
    }
    // A lone last character carries fewer than 8 bits: the link lost its end.
    if sixes.len() % 4 == 1 {
        return Err(LinkError::Truncated);
    }
    let mut out = Vec::with_capacity(sixes.len() * 3 / 4);
    let mut canonical = true;
    for chunk in sixes.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, s)| n | s << (18 - 6 * i));
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
        // The bits past the last whole byte are zero in every link written; a changed last
        // character can hide there, so it is caught here.
        let k = chunk.len() as u32;
        let spare = 8 - 2 * k; // 6k bits carry k-1 whole bytes
        canonical &= k == 4 || (n >> (24 - 6 * k)) & ((1 << spare) - 1) == 0;
    }
    Ok((out, canonical))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csi::{Action, DemoConfig};

    fn csi(nth: u32) -> Address {
        Address { kind: "csi".into(), nth }
    }

    #[test]
    fn base64url_round_trips_every_length() {
        for len in 0..40u8 {
            let bytes: Vec<u8> = (0..len).map(|i| i.wrapping_mul(97)).collect();
            assert_eq!(from_base64url(&base64url(&bytes)), Ok((bytes, true)));
        }
    }

    #[test]
    fn a_link_names_its_demo_and_restores_its_history() {
        let history = (DemoConfig::default(), vec![Action::Attach { claim: "data".into(), node: "node-a".into() }]);
        let link = encode(&csi(2), &history);
        assert!(link.starts_with("kubevol:csi:2:v1:"), "{link}");
        assert_eq!(Address::of(&link), Some(csi(2)));
        assert_eq!(decode(&link), Ok(history));
        assert_eq!(Address::of("install"), None, "a heading's anchor is not a link");
    }

    #[test]
    fn a_version_is_named_back_only_when_spelled_as_one() {
        let decode = |s: &str| decode::<(DemoConfig, Vec<Action>)>(s).unwrap_err();
        assert_eq!(decode("kubevol:csi:1:v2"), LinkError::ForeignVersion { found: "v2".into() });
        assert_eq!(decode("kubevol:csi:1:v"), LinkError::Truncated);
        assert_eq!(decode("kubevol:csi:1:v1"), LinkError::Truncated);
        assert_eq!(decode("kubevol:csi:1:<b>hello</b>:AAAA"), LinkError::Malformed);
    }
}
