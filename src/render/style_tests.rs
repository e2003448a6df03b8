use super::*;
use crate::model::HistoryEntry;
use crate::render::RenderOptions;

fn rule(number: u32, text: &str) -> Rule {
    let mut rule = Rule::new(number, text);
    rule.revision = Some(0);
    rule.history = vec![HistoryEntry::initial(
        number,
        false,
        crate::model::Date::new(2020, 6, 1),
    )];
    rule
}

/// Rules that show every part: long paragraphs, lists, emphasis, wide
/// characters.
fn rules() -> Vec<Rule> {
    let long = "Whatever is not prohibited or regulated by a rule is permitted and unregulated, \
                with the sole exception of changing the rules, which is permitted only when a \
                rule or set of rules explicitly or implicitly permits it. Players may change \
                or withdraw their votes by stating their intention to do so, and a vote that \
                is edited loses its vote status at once for the round.";
    vec![
        rule(301, long),
        rule(
            302,
            "Players may not edit or delete their votes (*i.e.* alter the voting record) \
             at any time, and *no* vote is ever cast twice by the same player in a turn.",
        ),
        rule(
            303,
            "The list of Types is as follows:\n\n* Executive, who leads the players in the \
             first round and every round after it\n* Legislative\n* Judicial",
        ),
        rule(
            304,
            "名前は日本語の単語です 名前は日本語の単語です 名前は日本語の単語です \
             名前は日本語の単語です 名前は日本語の単語です 名前は日本語の単語です",
        ),
        rule(305, long),
    ]
}

/// `rules` as a file of `format` written in `style` shows them: each with
/// the bytes written for it, the latest first.
fn written(renderer: &Renderer, format: Format, style: Style) -> Vec<(Rule, String)> {
    let mut sample: Vec<(Rule, String)> = rules()
        .into_iter()
        .map(|rule| {
            let bytes = match format {
                Format::TxtRule => renderer.render_rule_styled(&rule, format, style),
                _ => renderer.region(&rule, format, style),
            }
            .unwrap();
            (rule, bytes)
        })
        .collect();
    sample.reverse();
    sample
}

fn inferred(renderer: &Renderer, format: Format, style: Style) -> Style {
    let sample = written(renderer, format, style);
    let sample: Vec<(&Rule, &str)> = sample.iter().map(|(r, b)| (r, b.as_str())).collect();
    infer(format, &sample, |rule, style| match format {
        Format::TxtRule => renderer.render_rule_styled(rule, format, style).ok(),
        _ => renderer.region(rule, format, style).ok(),
    })
}

#[test]
fn each_part_of_a_style_is_inferred_from_rules_written_in_it() {
    let renderer = Renderer::new(&RenderOptions::default()).unwrap();
    let style = Style {
        width: 68,
        counts: Counts::Chars,
        bullet: Bullet::Dot,
        item_indent: 2,
        // Items tight as in the Markdown: a blank line before the list.
        item_spacing: Spacing::Source,
        emphasis: Emphasis::Removed,
        history_level: 5,
    };
    for format in [Format::TxtLong, Format::TxtShort] {
        assert_eq!(inferred(&renderer, format, style), style, "{format}");
    }
    let page = Style {
        bullet: Bullet::Dash,
        item_spacing: Spacing::Source,
        ..Style::default()
    };
    assert_eq!(inferred(&renderer, Format::TxtRule, page), page);
    let level = Style {
        history_level: 4,
        ..Style::default()
    };
    assert_eq!(inferred(&renderer, Format::MdLong, level), level);
    // The canonical style is inferred as itself.
    for format in [Format::TxtLong, Format::TxtRule, Format::MdLong] {
        let canonical = Style::default();
        assert_eq!(
            inferred(&renderer, format, canonical),
            canonical,
            "{format}"
        );
    }
}

#[test]
fn emphasis_removed_after_the_wrap_wraps_as_if_the_markers_were_there() {
    // 59 columns, then a word of three letters: on the line after the
    // margin of 6 without its markers, on the next with them.
    let md = "abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi *abc* tail";
    let style = |emphasis| Style {
        emphasis,
        ..Style::default()
    };
    let wrap = |emphasis| {
        let mut out = String::new();
        crate::render::text::wrap_markdown_into(md, &style(emphasis), 6, &mut out);
        out
    };
    let line = "      abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi";
    assert_eq!(wrap(Emphasis::Removed), format!("{line} abc\n      tail"));
    assert_eq!(
        wrap(Emphasis::RemovedAfterWrap),
        format!("{line}\n      abc tail")
    );
    assert_eq!(wrap(Emphasis::Kept), format!("{line}\n      *abc* tail"));
}

#[test]
fn pins_set_the_fields_they_name_for_every_form_or_one() {
    let table: toml::Table =
        toml::from_str("width = 72\n[txt-rule]\nbullet = \"•\"\nitem_spacing = \"none\"\n")
            .unwrap();
    let pins = Pins::from_table(&table).unwrap();
    let inferred = Style {
        emphasis: Emphasis::Removed,
        ..Style::default()
    };
    assert_eq!(
        pins.apply(Form::TxtLong, inferred),
        Style {
            width: 72,
            ..inferred
        }
    );
    assert_eq!(
        pins.apply(Form::TxtPages, inferred),
        Style {
            width: 72,
            bullet: Bullet::Dot,
            item_spacing: Spacing::None,
            ..inferred
        }
    );
    for (bad, says) in [
        ("[site-map]\nwidth = 3", "`site-map` is not a form"),
        (
            "history_level = 9",
            "history_level is a Markdown heading level",
        ),
        ("bullet = \"+\"", "unknown variant `+`"),
    ] {
        let table: toml::Table = toml::from_str(bad).unwrap();
        let err = Pins::from_table(&table).unwrap_err().to_string();
        assert!(err.contains(says), "{bad}: {err}");
    }
}
