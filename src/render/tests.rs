use super::*;
use crate::model::{Change, Date, HistoryEntry, Judgment, Mutability, RuleLayout};
use crate::model::{DocumentLayout, RoundTurn};

fn link(rule: u32, commit: &str) -> Option<String> {
    Some(format!(
        "https://github.com/dmouscher/nomic/blob/{commit}/Game_4/rules/md/{rule}.md"
    ))
}

/// Rules 117 and 203 of Nomic IV, built by hand.
fn sample() -> Ruleset {
    let june1 = Date::new(2020, 6, 1);
    let mut r117 = Rule::new(
        117,
        "Whatever is not prohibited or regulated by a rule is permitted and unregulated, \
         with the sole exception of changing the rules, which is permitted only when a rule \
         or set of rules explicitly or implicitly permits it.",
    );
    r117.mutability = Mutability::Immutable;
    r117.revision = Some(0);
    let mut initial = HistoryEntry::initial(117, true, june1);
    initial.link = link(117, "f717");
    r117.history = vec![initial];
    let source = "\"Regulated\" means that concepts explained in the rules cannot have arbitrary \
                  actions taken upon them unless explicitly permitted by the rules. \
                  (Coconutpies), Jun 6, 2020 (R1T3)";
    r117.judgments = vec![Judgment {
        text: "\"Regulated\" means ...".into(),
        judge: Some("Coconutpies".into()),
        date: Date::new(2020, 6, 6),
        round: Some(1),
        turn: Some(3),
        source: source.into(),
    }];
    let mut r203 = Rule::new(
        203,
        "A rule-change is adopted if a simple majority of eligible voters vote for it.\n\n\
         * It is *one* item\n* It is another",
    );
    r203.revision = Some(1);
    let mut initial = HistoryEntry::initial(203, false, june1);
    initial.link = link(203, "f717");
    let amended = HistoryEntry::amended(
        1,
        &Change {
            proposal: 329,
            proposer: Some("Alekosen".into()),
            date: Date::new(2020, 7, 27),
            round_turn: Some(RoundTurn { round: 4, turn: 1 }),
        },
    );
    r203.history = vec![initial, amended];
    Ruleset::new("NOMIC IV RULESET (LONG FORMAT)", vec![r117, r203])
}

fn canonical(format: Format) -> String {
    render(&sample(), format, &RenderOptions::default()).unwrap()
}

#[test]
fn md_long_is_canonical() {
    let expected = "# NOMIC IV RULESET (LONG FORMAT)\n---\n## 117/0 (IMMUTABLE)\n\n\
        Whatever is not prohibited or regulated by a rule is permitted and unregulated, with the sole exception of changing the rules, which is permitted only when a rule or set of rules explicitly or implicitly permits it.\n\n\
        ##### *History*\n\n\
        [*Initial immutable Rule 117, Jun 1, 2020*](https://github.com/dmouscher/nomic/blob/f717/Game_4/rules/md/117.md)\n\n\
        ##### *Judgments*\n\n\
        *\"Regulated\" means that concepts explained in the rules cannot have arbitrary actions taken upon them unless explicitly permitted by the rules. (Coconutpies), Jun 6, 2020 (R1T3)*\n\n\
        ## 203/1\n\n\
        A rule-change is adopted if a simple majority of eligible voters vote for it.\n\n\
        * It is *one* item\n* It is another\n\n\
        ##### *History*\n\n\
        [*Initial mutable Rule 203, Jun 1, 2020*](https://github.com/dmouscher/nomic/blob/f717/Game_4/rules/md/203.md)  \n\
        *Amended (1) by Proposal 329 (Alekosen), Jul 27, 2020 (R4T1)*\n";
    assert_eq!(canonical(Format::MdLong), expected);
}

#[test]
fn md_short_has_no_history_and_no_final_newline() {
    let expected = "# NOMIC IV RULESET (SHORT FORMAT)\n---\n## 117 (IMMUTABLE)\n\n\
        Whatever is not prohibited or regulated by a rule is permitted and unregulated, with the sole exception of changing the rules, which is permitted only when a rule or set of rules explicitly or implicitly permits it.\n\n\
        ## 203\n\n\
        A rule-change is adopted if a simple majority of eligible voters vote for it.\n\n\
        * It is *one* item\n* It is another";
    assert_eq!(canonical(Format::MdShort), expected);
}

#[test]
fn txt_long_wraps_and_ends_with_a_ruler() {
    let ruler = "-".repeat(70);
    let expected = format!(
        "NOMIC IV RULESET (LONG FORMAT)\n\n{}\n{ruler}\nRule 117/0 (IMMUTABLE)\n\n\
         \x20     Whatever is not prohibited or regulated by a rule is permitted\n\
         \x20     and unregulated, with the sole exception of changing the rules,\n\
         \x20     which is permitted only when a rule or set of rules explicitly\n\
         \x20     or implicitly permits it.\n\n\
         History:\nInitial immutable Rule 117, Jun 1, 2020\n\n\
         Judgments:\n\"Regulated\" means that concepts explained in the rules cannot have arbitrary actions taken upon them unless explicitly permitted by the rules. (Coconutpies), Jun 6, 2020 (R1T3)\n\n\
         {ruler}\nRule 203/1\n\n\
         \x20     A rule-change is adopted if a simple majority of eligible voters\n\
         \x20     vote for it.\n\n\
         \x20     * It is *one* item\n\n\
         \x20     * It is another\n\n\
         History:\nInitial mutable Rule 203, Jun 1, 2020\n\
         Amended (1) by Proposal 329 (Alekosen), Jul 27, 2020 (R4T1)\n\n{ruler}",
        "=".repeat(70)
    );
    assert_eq!(canonical(Format::TxtLong), expected);
}

#[test]
fn txt_short_and_txt_plain() {
    let txt_short = canonical(Format::TxtShort);
    assert!(txt_short.starts_with(&format!(
        "NOMIC IV RULESET (SHORT FORMAT)\n\n{}\n{}\nRule 117 (IMMUTABLE)\n\n      Whatever",
        "=".repeat(70),
        "-".repeat(70)
    )));
    assert!(!txt_short.contains("History"));
    assert!(txt_short.ends_with(&format!("\n      * It is another\n\n{}", "-".repeat(70))));

    let plain = canonical(Format::TxtPlain);
    assert!(plain.starts_with(
        "NOMIC IV RULESET (LONG FORMAT)\n\n\nRule 117 (Immutable)\n\nWhatever is not"
    ));
    assert!(plain.ends_with(
        "permits it.\n\n\nRule 203\n\nA rule-change is adopted if a simple majority of \
         eligible voters vote for it.\n\n  • It is *one* item\n  • It is another"
    ));
}

#[test]
fn rule_pages() {
    let ruleset = sample();
    let options = RenderOptions::default();
    assert_eq!(
        render_rule(&ruleset.rules[1], Format::MdRule, &options).unwrap(),
        "## 203/1\n\nA rule-change is adopted if a simple majority of eligible voters vote for \
         it.\n\n* It is *one* item\n* It is another"
    );
    assert_eq!(
        render_rule(&ruleset.rules[1], Format::TxtRule, &options).unwrap(),
        "Rule 203/1\n\nA rule-change is adopted if a simple majority of eligible voters vote for \
         it.\n\n* It is *one* item\n\n* It is another"
    );
    assert!(matches!(
        render_rule(&ruleset.rules[1], Format::MdLong, &options),
        Err(RenderError::NotARuleFormat(Format::MdLong))
    ));
}

#[test]
fn json_is_the_model_without_layout() {
    let mut ruleset = sample();
    ruleset.layout = Some(layout_of(&ruleset, Format::Json, "", ""));
    let json = render(&ruleset, Format::Json, &RenderOptions::default()).unwrap();
    assert!(json.ends_with("}\n"));
    let back: Ruleset = serde_json::from_str(&json).unwrap();
    assert_eq!(back, sample());
    assert!(!json.contains("\"layout\""));
}

#[test]
fn titles_follow_the_target_form() {
    assert_eq!(
        title_for(Format::MdShort, "NOMIC IV RULESET (LONG FORMAT)"),
        "NOMIC IV RULESET (SHORT FORMAT)"
    );
    assert_eq!(
        title_for(Format::TxtLong, "NOMIC IV RULESET (SHORT FORMAT)"),
        "NOMIC IV RULESET (LONG FORMAT)"
    );
    assert_eq!(title_for(Format::MdShort, "RULES"), "RULES");
}

fn layout_of(ruleset: &Ruleset, format: Format, header: &str, footer: &str) -> DocumentLayout {
    DocumentLayout {
        format,
        line_ending: LineEnding::Lf,
        title: ruleset.title.clone(),
        header: header.into(),
        footer: footer.into(),
        rules_end: None,
        quirks: Vec::new(),
        dialect: None,
    }
}

/// Gives every rule the layout a parser would: its canonical region with
/// `edit` applied, as if the file had been written by hand that way.
fn with_kept_layout(
    mut ruleset: Ruleset,
    format: Format,
    edit: impl Fn(usize, String) -> String,
) -> (Ruleset, String) {
    let renderer = Renderer::new(&RenderOptions::default()).unwrap();
    let header = format!("# {}\n---\n", ruleset.title);
    let mut file = header.clone();
    let count = ruleset.rules.len();
    let regions: Vec<String> = (0..count)
        .map(|i| {
            let mut single = ruleset.clone();
            single.rules = vec![ruleset.rules[i].clone()];
            if i + 1 < count {
                single.rules.push(ruleset.rules[i + 1].clone());
            }
            let whole = renderer.render(&single, format).unwrap();
            let body = &whole[header.len()..];
            let cut = body
                .find(&format!(
                    "## {}",
                    ruleset.rules.get(i + 1).map_or(0, |r| r.number)
                ))
                .filter(|_| i + 1 < count)
                .unwrap_or(body.len());
            edit(i, body[..cut].to_string())
        })
        .collect();
    for (rule, region) in ruleset.rules.iter_mut().zip(regions) {
        rule.layout = Some(RuleLayout {
            fingerprint: rule.fingerprint(),
            trailer: String::new(),
            note: None,
            heading_level: None,
            tree: None,
            offset: file.len(),
            source: region.clone(),
            quirks: Vec::new(),
        });
        file.push_str(&region);
    }
    ruleset.layout = Some(layout_of(&ruleset, format, &header, ""));
    (ruleset, file)
}

#[test]
fn kept_layout_is_re_emitted_byte_for_byte() {
    // A quirky file: rule 117's blank line before the next rule is missing.
    let (ruleset, file) = with_kept_layout(sample(), Format::MdLong, |i, region| {
        if i == 0 {
            region.trim_end().to_string() + "\n"
        } else {
            region.replace("##### *History*", "#### *History*")
        }
    });
    let options = RenderOptions::default();
    assert_eq!(render(&ruleset, Format::MdLong, &options).unwrap(), file);
    let canonical_options = RenderOptions {
        canonical: true,
        ..RenderOptions::default()
    };
    assert_eq!(
        render(&ruleset, Format::MdLong, &canonical_options).unwrap(),
        canonical(Format::MdLong)
    );
}

#[test]
fn a_changed_rule_is_rewritten_canonically_in_place() {
    let (mut ruleset, file) = with_kept_layout(sample(), Format::MdLong, |i, region| {
        if i == 0 {
            region.trim_end().to_string() + "\n"
        } else {
            region.replace("##### *History*", "#### *History*")
        }
    });
    ruleset.rules[1].text = "Changed.".into();
    let out = render(&ruleset, Format::MdLong, &RenderOptions::default()).unwrap();
    let kept = &file[..ruleset.rules[1].layout.as_ref().unwrap().offset];
    assert!(out.starts_with(kept), "rule 117 and the header are kept");
    assert!(out[kept.len()..].starts_with("## 203/1\n\nChanged.\n\n##### *History*"));

    // Changing the first rule keeps the second, quirk included.
    let (mut ruleset, file) = with_kept_layout(sample(), Format::MdLong, |i, region| {
        if i == 1 {
            region.replace("##### *History*", "#### *History*")
        } else {
            region
        }
    });
    ruleset.rules[0].text = "Changed.".into();
    let out = render(&ruleset, Format::MdLong, &RenderOptions::default()).unwrap();
    let second = &ruleset.rules[1].layout.as_ref().unwrap().source;
    let canonical_out = render(&ruleset, Format::MdLong, &canonical_options()).unwrap();
    let cut = canonical_out.find("## 203").unwrap();
    assert_eq!(out, format!("{}{second}", &canonical_out[..cut]));
    assert_ne!(out, file);
}

fn canonical_options() -> RenderOptions {
    RenderOptions {
        canonical: true,
        ..RenderOptions::default()
    }
}

#[test]
fn a_kept_last_rule_gains_a_separator_when_a_rule_follows() {
    let (mut ruleset, file) = with_kept_layout(sample(), Format::MdLong, |_, region| region);
    ruleset.rules.push(Rule::new(301, "New."));
    let out = render(&ruleset, Format::MdLong, &RenderOptions::default()).unwrap();
    assert_eq!(out, format!("{file}\n## 301/0\n\nNew.\n"));
    // And a rule that loses its follower ends the file canonically.
    let (mut ruleset, file) = with_kept_layout(sample(), Format::MdLong, |_, region| region);
    ruleset.rules.pop();
    let out = render(&ruleset, Format::MdLong, &RenderOptions::default()).unwrap();
    assert!(file.contains("(R1T3)*\n\n## 203"));
    assert!(out.ends_with("(R1T3)*\n"), "{out}");
    assert_eq!(
        out,
        render(&ruleset, Format::MdLong, &canonical_options()).unwrap()
    );
}

#[test]
fn a_new_title_rewrites_the_header() {
    let (mut ruleset, _) = with_kept_layout(sample(), Format::MdLong, |_, region| region);
    ruleset.title = "NOMIC V RULESET (LONG FORMAT)".into();
    let out = render(&ruleset, Format::MdLong, &RenderOptions::default()).unwrap();
    assert!(out.starts_with("# NOMIC V RULESET (LONG FORMAT)\n---\n## 117/0"));
}

#[test]
fn template_errors_name_the_template_and_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("md-short.md.j2"),
        "{% macro header(title) %}\n# {{ title }\n{% endmacro %}\n",
    )
    .unwrap();
    let options = RenderOptions {
        templates: Some(dir.path().to_path_buf()),
        ..RenderOptions::default()
    };
    let err = render(&sample(), Format::MdShort, &options).unwrap_err();
    let message = err.to_string();
    assert!(
        message.starts_with("template `md-short.md.j2` line 2: syntax error"),
        "{message}"
    );
    // Other formats still come from the embedded defaults.
    assert!(render(&sample(), Format::MdLong, &options).is_ok());
}

#[test]
fn a_missing_templates_folder_is_an_error() {
    let options = RenderOptions {
        templates: Some("/no/such/folder".into()),
        ..RenderOptions::default()
    };
    assert!(matches!(
        render(&sample(), Format::MdLong, &options),
        Err(RenderError::TemplateDir(_))
    ));
}

#[test]
fn an_override_without_the_rule_macro_names_its_template() {
    let (mut ruleset, _) = with_kept_layout(sample(), Format::MdLong, |_, region| region);
    ruleset.rules[0].text = "Changed.".into();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("md-long.md.j2"), "{{ title }}").unwrap();
    let options = RenderOptions {
        templates: Some(dir.path().to_path_buf()),
        ..RenderOptions::default()
    };
    let err = render(&ruleset, Format::MdLong, &options).unwrap_err();
    assert!(
        err.to_string().starts_with("template `md-long.md.j2`"),
        "{err}"
    );
    // A fresh document is written by the same macros.
    let err = render(&sample(), Format::MdLong, &options).unwrap_err();
    assert_eq!(
        err.to_string(),
        "template `md-long.md.j2`: it defines no `rule` macro; a form's template defines \
         the macros header(title), rule(r, last) and footer(title)"
    );
}

#[test]
fn a_rule_without_text_has_no_empty_paragraph() {
    let mut ruleset = sample();
    ruleset.rules[0].text = String::new();
    ruleset.rules[0].judgments.clear();
    let options = RenderOptions::default();
    let md_long = render(&ruleset, Format::MdLong, &options).unwrap();
    assert!(md_long.contains("## 117/0 (IMMUTABLE)\n\n##### *History*\n\n[*Initial"));
    let md_short = render(&ruleset, Format::MdShort, &options).unwrap();
    assert!(md_short.contains("---\n## 117 (IMMUTABLE)\n\n## 203\n\nA rule-change"));
    let txt_long = render(&ruleset, Format::TxtLong, &options).unwrap();
    assert!(txt_long.contains("Rule 117/0 (IMMUTABLE)\n\nHistory:\n"));
    let page = render_rule(&ruleset.rules[0], Format::TxtRule, &options).unwrap();
    assert_eq!(page, "Rule 117/0 (IMMUTABLE)");
}

#[test]
fn published_files_hold_every_form_and_one_page_per_number() {
    let mut ruleset = sample();
    let mut twice = ruleset.rules[1].clone();
    twice.text = "The later text.".into();
    ruleset.rules.push(twice);
    let renderer = Renderer::new(&RenderOptions::default()).unwrap();
    let files = published_files(&ruleset, &renderer).unwrap();
    let paths: Vec<String> = files.iter().map(|f| f.path.display().to_string()).collect();
    assert_eq!(
        paths,
        [
            "rules-l.md",
            "rules-l.txt",
            "rules-s.md",
            "rules-s.txt",
            "rules/md/117.md",
            "rules/md/203.md",
            "rules/txt/117.txt",
            "rules/txt/203.txt"
        ]
    );
    assert_eq!(
        files[0].contents,
        renderer.render(&ruleset, Format::MdLong).unwrap()
    );
    assert!(files[5].contents.ends_with("The later text."));
}

#[test]
fn a_file_ending_in_blank_lines_is_written_back_as_read() {
    // Found by the `lossless` fuzz target: the blank lines that end a rule
    // page look like the separator before a next rule, and were dropped.
    for text in [
        "## 1\n\n",
        "## 1/0\n\nText.\n\n\n",
        "# T\n\n## 1/0\n\nText.\n\n",
    ] {
        let parsed = crate::parse::read(text.as_bytes(), &Default::default()).unwrap();
        let written = render(&parsed.ruleset, parsed.format, &RenderOptions::default()).unwrap();
        assert_eq!(written, text, "{}", parsed.format);
    }
}

#[test]
fn a_style_sets_the_width_text_forms_wrap_at() {
    let mut ruleset = sample();
    // Rule 336 of a real game (dmouscher/nomic, Game 4), which its
    // moderator wrapped at 68 columns.
    ruleset.rules[1].text = "Users declared stinky will be marked with a special 'stinky' role, \
        that changes role usernames to brown and grants access to the exclusive 'little \
        stinkers' chat, while removing access from the equally exclusive 'squeaky sweeties', \
        which is available to all non-stinky players."
        .to_string();
    let renderer = Renderer::new(&RenderOptions::default()).unwrap();
    for format in [Format::TxtLong, Format::TxtShort] {
        let narrow = renderer
            .render_styled(
                &ruleset,
                format,
                super::Style {
                    width: 68,
                    ..super::Style::default()
                },
            )
            .unwrap();
        assert!(
            narrow.contains(
                "      role, that changes role usernames to brown and grants access\n      to"
            ),
            "{narrow}"
        );
        let canonical = renderer.render(&ruleset, format).unwrap();
        assert!(canonical.contains("grants access to\n"), "{canonical}");
        // A width whose short lines would read back as line breaks (the
        // text forms' reader measures them against 70 columns) gives way to
        // the canonical one: what is written still says what the rule says.
        let too_narrow = renderer
            .render_styled(
                &ruleset,
                format,
                super::Style {
                    width: 40,
                    ..super::Style::default()
                },
            )
            .unwrap();
        assert_eq!(too_narrow, canonical);
    }
}
