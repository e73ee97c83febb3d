//! Small ordered collections: a sorted `Vec` behind a map or set interface.
//!
//! The model keeps `BTreeMap` where n can be large (claims, volumes, a StatefulSet's pods and
//! PVCs), so every action stays O(log n). Everything else is small (a cluster's nodes, a volume's
//! attachments and mounts, a pod's labels) and lives here instead: lookups are binary searches,
//! order is the key order, and each instantiation costs a fraction of a `BTreeMap`'s code in the
//! wasm the demos ship. They serialise exactly like the `BTreeMap`/`BTreeSet` they replace.

use std::borrow::Borrow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A map ordered by key.
#[derive(Clone, PartialEq, Eq)]
pub struct VecMap<K, V>(Vec<(K, V)>);

impl<K, V> Default for VecMap<K, V> {
    fn default() -> Self {
        VecMap(Vec::new())
    }
}

impl<K: Ord, V> VecMap<K, V> {
    pub fn new() -> Self {
        VecMap(Vec::new())
    }

    fn find<Q: Ord + ?Sized>(&self, key: &Q) -> Result<usize, usize>
    where
        K: Borrow<Q>,
    {
        self.0.binary_search_by(|(k, _)| k.borrow().cmp(key))
    }

    pub fn get<Q: Ord + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| &self.0[i].1)
    }

    pub fn get_mut<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| &mut self.0[i].1)
    }

    pub fn contains_key<Q: Ord + ?Sized>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.find(key).is_ok()
    }

    /// Inserts or replaces; returns the value that was there.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.0[i].1, value)),
            Err(i) => {
                self.0.insert(i, (key, value));
                None
            }
        }
    }

    pub fn remove<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| self.0.remove(i).1)
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&K, &V)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &K> {
        self.0.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> {
        self.0.iter().map(|(_, v)| v)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<K: Ord, V> FromIterator<(K, V)> for VecMap<K, V> {
    /// Later pairs replace earlier ones with the same key, as with a `BTreeMap`.
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> Self {
        let mut map = VecMap::new();
        for (k, v) in pairs {
            map.insert(k, v);
        }
        map
    }
}

impl<K: Ord, V, const N: usize> From<[(K, V); N]> for VecMap<K, V> {
    fn from(pairs: [(K, V); N]) -> Self {
        pairs.into_iter().collect()
    }
}

impl<'a, K, V> IntoIterator for &'a VecMap<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (K, V)>, fn(&'a (K, V)) -> (&'a K, &'a V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl<K: Ord + Borrow<Q>, V, Q: Ord + ?Sized> std::ops::Index<&Q> for VecMap<K, V> {
    type Output = V;

    fn index(&self, key: &Q) -> &V {
        self.get(key).expect("key present")
    }
}

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for VecMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.0.iter().map(|(k, v)| (k, v))).finish()
    }
}

impl<K: Serialize, V: Serialize> Serialize for VecMap<K, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

impl<'de, K: Ord + Deserialize<'de>, V: Deserialize<'de>> Deserialize<'de> for VecMap<K, V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MapVisitor<K, V>(PhantomData<(K, V)>);
        impl<'de, K: Ord + Deserialize<'de>, V: Deserialize<'de>> Visitor<'de> for MapVisitor<K, V> {
            type Value = VecMap<K, V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
                let mut map = VecMap::new();
                while let Some((k, v)) = access.next_entry()? {
                    map.insert(k, v);
                }
                Ok(map)
            }
        }
        deserializer.deserialize_map(MapVisitor(PhantomData))
    }
}

/// A set ordered by value.
#[derive(Clone, PartialEq, Eq)]
pub struct VecSet<T>(Vec<T>);

impl<T> Default for VecSet<T> {
    fn default() -> Self {
        VecSet(Vec::new())
    }
}

impl<T: Ord> VecSet<T> {
    pub fn new() -> Self {
        VecSet(Vec::new())
    }

    pub fn contains<Q: Ord + ?Sized>(&self, value: &Q) -> bool
    where
        T: Borrow<Q>,
    {
        self.0.binary_search_by(|v| v.borrow().cmp(value)).is_ok()
    }

    /// Returns whether the value was new.
    pub fn insert(&mut self, value: T) -> bool {
        match self.0.binary_search(&value) {
            Ok(_) => false,
            Err(i) => {
                self.0.insert(i, value);
                true
            }
        }
    }

    /// Returns whether the value was there.
    pub fn remove<Q: Ord + ?Sized>(&mut self, value: &Q) -> bool
    where
        T: Borrow<Q>,
    {
        match self.0.binary_search_by(|v| v.borrow().cmp(value)) {
            Ok(i) => {
                self.0.remove(i);
                true
            }
            Err(_) => false,
        }
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// The values in order, as a slice (for range scans by prefix).
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The values, in order.
    pub fn into_vec(self) -> Vec<T> {
        self.0
    }
}

impl<T: Ord> FromIterator<T> for VecSet<T> {
    fn from_iter<I: IntoIterator<Item = T>>(values: I) -> Self {
        let mut set = VecSet::new();
        for v in values {
            set.insert(v);
        }
        set
    }
}

impl<'a, T> IntoIterator for &'a VecSet<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<T: fmt::Debug> fmt::Debug for VecSet<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.0.iter()).finish()
    }
}

impl<T: Serialize> Serialize for VecSet<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter())
    }
}

impl<'de, T: Ord + Deserialize<'de>> Deserialize<'de> for VecSet<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SeqVisitor<T>(PhantomData<T>);
        impl<'de, T: Ord + Deserialize<'de>> Visitor<'de> for SeqVisitor<T> {
            type Value = VecSet<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a sequence")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
                let mut set = VecSet::new();
                while let Some(v) = access.next_element()? {
                    set.insert(v);
                }
                Ok(set)
            }
        }
        deserializer.deserialize_seq(SeqVisitor(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_keeps_key_order_and_replaces_like_a_btree_map() {
        let mut m: VecMap<String, u32> =
            [("b".to_string(), 2), ("a".to_string(), 1), ("b".to_string(), 3)].into_iter().collect();
        assert_eq!(m.keys().collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(m["b"], 3);
        assert_eq!(m.insert("c".into(), 4), None);
        assert_eq!(m.remove("a"), Some(1));
        assert_eq!(m.get("a"), None);
        assert_eq!(serde_json::to_string(&m).unwrap(), r#"{"b":3,"c":4}"#);
        let back: VecMap<String, u32> = serde_json::from_str(r#"{"c":4,"b":3}"#).unwrap();
        assert_eq!(back, m);
    }

    #[test]
    fn the_set_keeps_order_and_ignores_repeats() {
        let mut s: VecSet<(String, String)> = VecSet::new();
        assert!(s.insert(("n2".into(), "p".into())));
        assert!(s.insert(("n1".into(), "q".into())));
        assert!(!s.insert(("n1".into(), "q".into())));
        assert_eq!(s.as_slice()[0].0, "n1");
        assert!(s.remove(&("n1".to_string(), "q".to_string())));
        assert_eq!(serde_json::to_string(&s).unwrap(), r#"[["n2","p"]]"#);
    }
}

/// `#[serde(with = "crate::ordered::numbered")]` on a `BTreeMap<u32, V>`: its keys written as
/// strings. JSON has only string keys (serde_json writes a number key as one itself, so the JSON
/// is the same), and so does a plain JavaScript object, which serde-wasm-bindgen writes only from
/// string keys: the page's script API hands a StatefulSet's pods out that way.
pub mod numbered {
    use std::collections::BTreeMap;

    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer, V: Serialize>(map: &BTreeMap<u32, V>, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(map.iter().map(|(key, value)| (key.to_string(), value)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>, V: Deserialize<'de>>(
        deserializer: D,
    ) -> Result<BTreeMap<u32, V>, D::Error> {
        BTreeMap::<String, V>::deserialize(deserializer)?
            .into_iter()
            .map(|(key, value)| match key.parse() {
                Ok(number) => Ok((number, value)),
                Err(_) => Err(D::Error::custom(format!("expected an ordinal (a whole number) as key, not \"{key}\""))),
            })
            .collect()
    }
}
