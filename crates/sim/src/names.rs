//! Object names as Kubernetes accepts them (an RFC 1123 label): what a scenario file may use.

pub fn valid_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    !bytes.is_empty()
        && bytes.len() <= 63
        && bytes.iter().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
        && bytes[0] != b'-'
        && bytes[bytes.len() - 1] != b'-'
}

#[cfg(test)]
mod tests {
    use super::valid_name;

    #[test]
    fn names_follow_rfc_1123_labels() {
        for ok in ["data", "node-a", "web-1", "pv-10", "a"] {
            assert!(valid_name(ok), "{ok}");
        }
        for bad in ["", "Data", "-a", "a-", "a_b", "ノード", &"a".repeat(64)] {
            assert!(!valid_name(bad), "{bad}");
        }
    }
}
