//! The demos' pictures as SVG markup: one string per drawing, set on its `<svg>` as one
//! `inner_html` value that changes only what differs (`markup/mod.rs`). The same drawing as `view!`
//! nodes, one reactive closure per line and chip, cost the CSI chapter's first load 19 KB brotli;
//! this writer costs it about one.
//!
//! Pure string building, so the pictures are tested natively. Every name and sentence is escaped:
//! pod names can come from a share link or a page's scenario.

/// Whether this build draws the pictures. `scripts/picture-cost.sh` builds the demos once more
/// with the crate's `no-picture` feature, boxes and words without their drawing, so the size
/// report can say what the pictures cost each chapter's first load. The product always draws them.
pub const PICTURE: bool = !cfg!(feature = "no-picture");

/// `f`'s markup, or nothing in the build without pictures (the compiler then drops `f`).
pub fn drawn(f: impl FnOnce() -> String) -> String {
    if PICTURE {
        f()
    } else {
        String::new()
    }
}

/// Text as SVG and HTML read it, `<`, `&` and quotes escaped.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// A drawing: its `<title>` and `<desc>` first (the accessible name and description of an
/// `<svg role="img">`), then its shapes.
pub struct Drawing(String);

impl Drawing {
    pub fn new(title: &str, desc: &str) -> Drawing {
        Drawing(format!("<title>{}</title><desc>{}</desc>", escape(title), escape(desc)))
    }

    /// A shape written as it is: the caller has escaped any name in it.
    pub fn shape(&mut self, markup: &str) -> &mut Self {
        self.0.push_str(markup);
        self
    }

    /// An edge of the cluster (see [`edge`]).
    pub fn edge(&mut self, kind: &str, from: &str, to: &str, class: &str, refused: bool, body: &str) -> &mut Self {
        self.0.push_str(&edge(kind, from, to, class, refused, body));
        self
    }

    pub fn markup(self) -> String {
        self.0
    }
}

/// An edge of the cluster, `kind` attach, mount or bind, from one object to another: the test
/// contract's `data-edge`, `data-from` and `data-to`, around the shapes that draw it. A refused edge
/// is the line the model would not draw; `class` styles it (dashed for a node that does not
/// answer, for one).
pub fn edge(kind: &str, from: &str, to: &str, class: &str, refused: bool, body: &str) -> String {
    let refused = if refused { " data-refused=\"\"" } else { "" };
    format!(
        "<g data-edge=\"{kind}\" data-from=\"{}\" data-to=\"{}\" class=\"{class}\"{refused}>{body}</g>",
        escape(from),
        escape(to)
    )
}

/// A cross where a refused edge is cut, centred at `x`, `y`.
pub fn cross(x: &str, y: &str) -> String {
    format!(
        "<svg x=\"{x}\" y=\"{y}\" overflow=\"visible\"><path class=\"kv-cross\" d=\"M-5-5l10 10m0-10l-10 10\"/></svg>"
    )
}

/// A line between two points; percentages of the drawing or its own units.
pub fn line(x1: &str, y1: &str, x2: &str, y2: &str) -> String {
    format!("<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>")
}

/// A percentage from tenths of one: whole numbers, for formatting a float brings 7 KB of code.
pub fn percent(tenths: usize) -> String {
    format!("{}.{}%", tenths / 10, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_sentences_are_escaped() {
        let mut d = Drawing::new("a <b>", "x & \"y\"");
        d.edge("mount", "node-a", "<script>", "", true, &line("0", "0", "1", "1"));
        let m = d.markup();
        assert!(m.starts_with("<title>a &lt;b></title><desc>x &amp; &quot;y&quot;</desc>"), "{m}");
        assert!(m.contains("data-to=\"&lt;script>\" class=\"\" data-refused=\"\"><line x1=\"0\""), "{m}");
        assert_eq!(percent(375), "37.5%");
    }
}
