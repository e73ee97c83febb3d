//! A drawing as element descriptions: what its writer's markup says, read in Rust.
//!
//! The pictures are written as markup strings (`drawing.rs` says why: it is the smallest code),
//! and that string is what the server renders into the page. In the browser each new string is
//! read here into [`Piece`]s, compared with the pieces on screen, and only the difference is
//! applied (`markup/mod.rs`): the browser's HTML parser never sees it. The reader knows only what
//! this crate's writers write: elements with double-quoted attributes, `/>` closing an empty one,
//! texts, and the escapes of `drawing::escape`.

/// An element's attributes, names and values, in order.
pub type Attrs = Vec<(String, String)>;

/// An element being read: its name, its attributes and the children read so far.
type Open = (String, Attrs, Vec<Piece>);

/// One node of a drawing: an element, its attributes in order and its children, or a text.
/// Equal pieces are the same DOM, node for node (as `isEqualNode` would say, attributes in order).
#[derive(Debug, PartialEq)]
pub enum Piece {
    Element { name: String, attrs: Attrs, kids: Vec<Piece> },
    Text(String),
}

/// HTML's elements that have no end tag.
const VOID: [&str; 5] = ["br", "hr", "img", "input", "wbr"];

/// The pieces `markup` describes. Markup that is not well formed is read as far as it goes: an
/// end tag closes the innermost open element, and the elements still open at the end are closed.
pub fn read(markup: &str) -> Vec<Piece> {
    // The open elements, innermost last, each with the children read so far.
    let mut open: Vec<Open> = Vec::new();
    let mut top = Vec::new();
    let mut rest = markup;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("</") {
            rest = after.find('>').map_or("", |end| cut(after, end + 1).1);
            if let Some((name, attrs, kids)) = open.pop() {
                add(&mut open, &mut top, Piece::Element { name, attrs, kids });
            }
        } else if let Some(after) = rest.strip_prefix('<') {
            let (name, attrs, closed, left) = tag(after);
            rest = left;
            if closed || VOID.contains(&name.as_str()) {
                add(&mut open, &mut top, Piece::Element { name, attrs, kids: Vec::new() });
            } else {
                open.push((name, attrs, Vec::new()));
            }
        } else {
            let (text, left) = cut(rest, rest.find('<').unwrap_or(rest.len()));
            add(&mut open, &mut top, Piece::Text(unescape(text)));
            rest = left;
        }
    }
    while let Some((name, attrs, kids)) = open.pop() {
        add(&mut open, &mut top, Piece::Element { name, attrs, kids });
    }
    top
}

/// `s` split at byte `at`, which the callers find at an ASCII character. Never panics: indexing
/// a `str` would bring in its panic's message formatting, kilobytes of the first load.
fn cut(s: &str, at: usize) -> (&str, &str) {
    s.split_at_checked(at).unwrap_or((s, ""))
}

/// Puts `piece` into the innermost open element, or at the top.
fn add(open: &mut [Open], top: &mut Vec<Piece>, piece: Piece) {
    match open.last_mut() {
        Some((_, _, kids)) => kids.push(piece),
        None => top.push(piece),
    }
}

/// A start tag after its `<`: its name, its attributes, whether it closed itself (`/>`), and the
/// markup after it.
fn tag(s: &str) -> (String, Attrs, bool, &str) {
    // Bytes, not characters: every byte that ends a name or value is ASCII, so where it is found
    // is a character's boundary (and no UTF-8 is decoded on the way).
    let stop = |b: &u8| matches!(b, b' ' | b'\n' | b'>' | b'/');
    let (name, mut rest) = cut(s, s.bytes().position(|b| stop(&b)).unwrap_or(s.len()));
    let mut attrs = Vec::new();
    loop {
        rest = rest.trim_start_matches([' ', '\n']);
        if let Some(left) = rest.strip_prefix("/>") {
            return (name.to_string(), attrs, true, left);
        }
        if let Some(left) = rest.strip_prefix('>') {
            return (name.to_string(), attrs, false, left);
        }
        if rest.is_empty() {
            return (name.to_string(), attrs, false, rest);
        }
        // Never empty, so the reading goes on (a stray `=` is a name).
        let end = match rest.bytes().position(|b| stop(&b) || b == b'=') {
            Some(0) => 1,
            end => end.unwrap_or(rest.len()),
        };
        let (attr, left) = cut(rest, end);
        rest = left;
        let mut value = String::new();
        if let Some(left) = rest.strip_prefix("=\"") {
            let (quoted, left) = cut(left, left.find('"').unwrap_or(left.len()));
            value = unescape(quoted);
            rest = left.strip_prefix('"').unwrap_or(left);
        }
        attrs.push((attr.to_string(), value));
    }
}

/// A text or attribute value with `drawing::escape`'s escapes (and `&gt;`) read back.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        let (text, from) = cut(rest, at);
        out.push_str(text);
        let escape = [("&lt;", '<'), ("&gt;", '>'), ("&quot;", '"'), ("&amp;", '&')]
            .into_iter()
            .find_map(|(escape, c)| Some((from.strip_prefix(escape)?, c)));
        let (c, left) = match escape {
            Some((left, c)) => (c, left),
            None => ('&', cut(from, 1).1),
        };
        out.push(c);
        rest = left;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn el(name: &str, attrs: &[(&str, &str)], kids: Vec<Piece>) -> Piece {
        let attrs = attrs.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect();
        Piece::Element { name: name.into(), attrs, kids }
    }

    fn text(s: &str) -> Piece {
        Piece::Text(s.into())
    }

    #[test]
    fn reads_elements_attributes_texts_and_escapes() {
        let m = "<title>a &lt;b></title><g data-edge=\"mount\" data-to=\"&lt;x&quot;&amp;\" data-refused=\"\">\
                 <line x1=\"0\"/><text x=\"1\">pod &amp; 2</text></g>tail";
        assert_eq!(
            read(m),
            [
                el("title", &[], vec![text("a <b>")]),
                el(
                    "g",
                    &[("data-edge", "mount"), ("data-to", "<x\"&"), ("data-refused", "")],
                    vec![el("line", &[("x1", "0")], vec![]), el("text", &[("x", "1")], vec![text("pod & 2")])]
                ),
                text("tail"),
            ]
        );
    }

    #[test]
    fn reads_japanese_texts_and_void_elements() {
        assert_eq!(
            read("<li class=\"kv-muted\">見えている Pod なし<br>x &amp;amp; &x</li>"),
            [el(
                "li",
                &[("class", "kv-muted")],
                vec![text("見えている Pod なし"), el("br", &[], vec![]), text("x &amp; &x")]
            )]
        );
    }

    #[test]
    fn markup_that_is_not_well_formed_is_read_as_far_as_it_goes() {
        for m in
            ["<", "<g", "<g a=\"1", "</g>", "<g><b>x", "a</b>b", "<g a b=\"\">", "<>x</>", "<g =あ>", "<g あ=\"い\">"]
        {
            let _ = read(m);
        }
        assert_eq!(read("<g><b>x"), [el("g", &[], vec![el("b", &[], vec![text("x")])])]);
        assert_eq!(read("<g a b=\"1\">"), [el("g", &[("a", ""), ("b", "1")], vec![])]);
        assert_eq!(read(""), []);
    }
}

/// Every drawing the demos write, at many moments, reads back as the markup it was: nothing of it
/// is lost or read differently on the way to the screen.
#[cfg(test)]
mod drawings {
    use super::*;
    use crate::lang::Lang;

    /// The markup the pieces describe, written as the writers write it.
    fn write(pieces: &[Piece], out: &mut String) {
        let escape = crate::drawing::escape;
        for piece in pieces {
            match piece {
                Piece::Element { name, attrs, kids } => {
                    out.push('<');
                    out.push_str(name);
                    for (attr, value) in attrs {
                        out.push_str(&format!(" {attr}=\"{}\"", escape(value)));
                    }
                    if kids.is_empty()
                        && !["li", "p", "span", "ul", "text", "title", "desc", "g", "svg"].contains(&&**name)
                    {
                        out.push_str("/>");
                    } else {
                        out.push('>');
                        write(kids, out);
                        out.push_str(&format!("</{name}>"));
                    }
                }
                Piece::Text(text) => out.push_str(&escape(text)),
            }
        }
    }

    fn reads_back(markup: &str) {
        let mut again = String::new();
        write(&read(markup), &mut again);
        assert_eq!(again, markup);
    }

    #[test]
    fn every_drawing_reads_back_as_its_markup() {
        use crate::csi::{picture as csi, present as csi_present};
        use crate::statefulset::{picture as sts, present as sts_present};
        use crate::topology::{picture as topo, present as topo_present};
        use kubevol_sim::csi::{Action, DEMO_CLAIM};
        let langs = [Lang::Ja, Lang::En];
        let mut drawn = 0;
        let mut s = csi_present::start(Default::default());
        let (attach, mount) = (
            |node: &str| Action::Attach { claim: DEMO_CLAIM.into(), node: node.into() },
            |node: &str| Action::Mount { claim: DEMO_CLAIM.into(), node: node.into(), pod: None },
        );
        let actions = [attach("node-a"), mount("node-a"), mount("node-a"), attach("node-b"), mount("node-b")];
        for action in actions {
            s.dispatch(action);
            for lang in langs {
                let picture = csi_present::picture(&s);
                let cards = csi_present::nodes().map(|n| csi_present::node_card(&s.state, n));
                reads_back(&csi::wires(&s.state, &picture, &cards, lang));
                reads_back(&csi::store(&s.state, &picture, lang));
                for card in &cards {
                    reads_back(&csi::head(card, lang));
                    reads_back(&csi::pods(card, Some("<web & \"1\">"), "none"));
                }
                reads_back(&crate::widgets::log_markup(&s.log_lines(lang), "empty"));
                drawn += 1;
            }
        }
        let mut s = sts_present::start(Default::default());
        for _ in 0..12 {
            s.dispatch(kubevol_sim::statefulset::Action::Step);
            for lang in langs {
                reads_back(&sts::volumes(&s.state, lang));
                for o in sts_present::ordinals(&s.state) {
                    reads_back(&sts::link(&s.state, &sts_present::slot(&s.state, o), lang));
                }
                drawn += 1;
            }
        }
        for code in topo_present::Scenario::preset_codes() {
            let mut s = topo_present::start(topo_present::Scenario::from_code(code).unwrap());
            for step in 0..10 {
                for lang in langs {
                    reads_back(&topo::cluster(&s.state, lang));
                    reads_back(&topo::bars(&s.state, lang));
                    drawn += 1;
                }
                s.dispatch(match step {
                    5 => kubevol_sim::topology::Action::FailZone { zone: "zone-a".into() },
                    _ => kubevol_sim::topology::Action::Step,
                });
            }
        }
        assert!(drawn > 50);
    }
}
