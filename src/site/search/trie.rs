//! One field's inverted index, as `elasticlunr::InvertedIndex` builds and
//! serializes it: a trie with a node per character of every token, each
//! node listing the documents whose token ends there (with the token's
//! frequency) and how many they are.
//!
//! elasticlunr's own index is a tree of nested maps: it is built, written
//! and dropped by recursion, one level per character, so a rule with a very
//! long word overflowed the stack, and its flattened serialization was most
//! of the search index's time. Here the nodes live in one vector, and
//! nothing recurses.

/// A trie of tokens over documents numbered `0..` in the order their
/// references sort as strings (the order elasticlunr's maps keep).
#[derive(Debug, Default)]
pub(super) struct Trie {
    /// The root first.
    nodes: Vec<Node>,
}

#[derive(Debug, Default)]
struct Node {
    /// (document, term frequency), by document.
    docs: Vec<(u32, f64)>,
    /// Children by character, in character order.
    children: Vec<(char, u32)>,
}

impl Trie {
    pub(super) fn new() -> Trie {
        Trie {
            nodes: vec![Node::default()],
        }
    }

    /// The node of `token`, made with every node on its way if missing;
    /// none for the empty token, which elasticlunr does not index.
    pub(super) fn node(&mut self, token: &str) -> Option<u32> {
        if token.is_empty() {
            return None;
        }
        let mut at = 0;
        for character in token.chars() {
            let children = &self.nodes[at as usize].children;
            at = match children.binary_search_by_key(&character, |(c, _)| *c) {
                Ok(found) => children[found].1,
                Err(place) => {
                    let new = u32::try_from(self.nodes.len()).expect("fewer than 2^32 nodes");
                    self.nodes[at as usize]
                        .children
                        .insert(place, (character, new));
                    self.nodes.push(Node::default());
                    new
                }
            };
        }
        Some(at)
    }

    /// Records that document `doc` has the token of `node` with frequency
    /// `tf`. Documents come in order; the same document again replaces its
    /// frequency, as elasticlunr's map does.
    pub(super) fn add(&mut self, node: u32, doc: u32, tf: f64) {
        let docs = &mut self.nodes[node as usize].docs;
        match docs.last_mut() {
            Some(last) if last.0 == doc => last.1 = tf,
            _ => docs.push((doc, tf)),
        }
    }

    /// The index as elasticlunr serializes an `InvertedIndex`:
    /// `{"root":{"docs":{REF:{"tf":F},…},"df":N,"c":{…},…}}`, where `refs`
    /// names the documents.
    pub(super) fn write_json(&self, out: &mut Vec<u8>, refs: &[String]) {
        out.extend_from_slice(b"{\"root\":");
        // Each open node and the position of the next child to write.
        let mut open: Vec<(u32, usize)> = Vec::new();
        self.open_node(out, 0, refs);
        open.push((0, 0));
        while let Some((node, next)) = open.last_mut() {
            let children = &self.nodes[*node as usize].children;
            let Some(&(character, child)) = children.get(*next) else {
                out.push(b'}');
                open.pop();
                continue;
            };
            *next += 1;
            out.push(b',');
            json_string(out, character.encode_utf8(&mut [0; 4]));
            out.push(b':');
            self.open_node(out, child, refs);
            open.push((child, 0));
        }
        out.push(b'}');
    }

    /// A node's object up to its children: its documents and their count.
    fn open_node(&self, out: &mut Vec<u8>, node: u32, refs: &[String]) {
        let docs = &self.nodes[node as usize].docs;
        out.extend_from_slice(b"{\"docs\":{");
        let mut number = ryu::Buffer::new();
        for (position, (doc, tf)) in docs.iter().enumerate() {
            if position > 0 {
                out.push(b',');
            }
            json_string(out, &refs[*doc as usize]);
            out.extend_from_slice(b":{\"tf\":");
            // As serde_json writes an f64 (a frequency is a finite square
            // root); most words occur once in a rule, and ryu writes 1 as
            // `1.0`.
            if tf.to_bits() == 1f64.to_bits() {
                out.extend_from_slice(b"1.0");
            } else {
                out.extend_from_slice(number.format_finite(*tf).as_bytes());
            }
            out.push(b'}');
        }
        out.extend_from_slice(b"},\"df\":");
        out.extend_from_slice(itoa::Buffer::new().format(docs.len()).as_bytes());
    }
}

/// Appends `s` as a JSON string, escaped as serde_json escapes it.
fn json_string(out: &mut Vec<u8>, s: &str) {
    serde_json::to_writer(out, s).expect("a string writes to memory");
}

#[cfg(test)]
mod tests {
    use super::*;
    use elasticlunr::inverted_index::InvertedIndex;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Any tokens of any documents, added as elasticlunr's `add_doc`
        /// adds them, serialize byte for byte as its `InvertedIndex` does.
        #[test]
        fn the_trie_serializes_as_elasticlunrs_index(
            docs in proptest::collection::vec(
                proptest::collection::btree_map(r#"[a-c"\\é漢\x01]{0,4}"#, 1u64..5, 0..6),
                0..8,
            ),
            numbers in proptest::sample::subsequence((0u32..200).collect::<Vec<_>>(), 8)
                .prop_shuffle(),
        ) {
            let refs: Vec<String> = numbers.iter().map(u32::to_string).collect();
            let mut theirs = InvertedIndex::new();
            let mut order: Vec<usize> = (0..docs.len()).collect();
            order.sort_by(|a, b| refs[*a].cmp(&refs[*b]));
            for (doc, tokens) in docs.iter().enumerate() {
                for (token, count) in tokens {
                    #[allow(clippy::cast_precision_loss)]
                    theirs.add_token(&refs[doc], token, (*count as f64).sqrt());
                }
            }
            let mut ours = Trie::new();
            let sorted: Vec<String> = order.iter().map(|i| refs[*i].clone()).collect();
            for (rank, doc) in order.iter().enumerate() {
                for (token, count) in &docs[*doc] {
                    if let Some(node) = ours.node(token) {
                        #[allow(clippy::cast_precision_loss)]
                        ours.add(node, u32::try_from(rank).unwrap(), (*count as f64).sqrt());
                    }
                }
            }
            let mut json = Vec::new();
            ours.write_json(&mut json, &sorted);
            prop_assert_eq!(
                String::from_utf8(json).unwrap(),
                serde_json::to_string(&theirs).unwrap()
            );
        }
    }

    #[test]
    fn a_token_of_a_million_characters_is_written_and_dropped_without_recursion() {
        let mut trie = Trie::new();
        let word = "a".repeat(1_000_000);
        let node = trie.node(&word).expect("not empty");
        trie.add(node, 0, 1.0);
        let mut json = Vec::new();
        trie.write_json(&mut json, &["101".to_string()]);
        let text = String::from_utf8(json).unwrap();
        assert!(text.starts_with(r#"{"root":{"docs":{},"df":0,"a":{"docs":{},"df":0,"a":"#));
        assert!(text.contains(r#"{"docs":{"101":{"tf":1.0}},"df":1}"#));
        assert_eq!(text.matches('{').count(), text.matches('}').count());
    }
}
