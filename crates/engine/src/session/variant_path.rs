//! `VariantPath`: a Fairy-Stockfish variants file (`variants.ini`), whose INI sections define
//! variants, `[name]` or `[name:parent]` when one inherits another's rules. Kaiser's rules are
//! built in and never change because of the file: it reads the file only to say which of its
//! variants Kaiser plays (those named like one of Kaiser's, such as `[empire:chess]`) and which
//! it does not.

use crate::user_file;
use kaiser_rules::variant::Variant;
use std::path::Path;

/// The names of the variants the file's section headers define, each once, in file order.
pub fn section_names(text: &str) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    for line in text.lines() {
        let Some(header) = line
            .trim()
            .strip_prefix('[')
            .and_then(|rest| rest.strip_suffix(']'))
        else {
            continue;
        };
        // `[name:parent]`: the parent only lends its rules.
        let name = header.split(':').next().unwrap_or_default().trim();
        if !name.is_empty() && !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// What to tell the GUI about the file at `path` (one `info string` per line).
pub fn report(path: &Path) -> String {
    let shown = path.display();
    let built_in: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    let built_in = built_in.join(", ");
    let text = match user_file::read_text(path, user_file::SETTINGS_LIMIT) {
        Ok(text) => text,
        Err(error) => {
            return format!(
                "VariantPath {shown}: cannot read it ({error}); Kaiser plays its built-in \
                 variants: {built_in}"
            )
        }
    };
    let names = section_names(&text);
    if names.is_empty() {
        return format!(
            "VariantPath {shown}: no variant sections ([name] or [name:parent]) in it; Kaiser \
             plays its built-in variants: {built_in}"
        );
    }
    let (played, others): (Vec<&str>, Vec<&str>) = names
        .iter()
        .partition(|name| name.parse::<Variant>().is_ok());
    let played = match played.is_empty() {
        true => "none of them".to_string(),
        false => played.join(", "),
    };
    let mut report = format!(
        "VariantPath {shown}: {} variants; Kaiser plays, with its built-in rules: {played}",
        names.len()
    );
    if !others.is_empty() {
        report.push_str(&format!(
            "\nVariantPath {shown}: not played by Kaiser ({}): {}",
            others.len(),
            others.join(", ")
        ));
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "# comment [not a section]\n\
        [empire:chess]\n\
        pieceToCharTable = ...\n\
        [orda:chess]\n\
        ; another comment\n\
        [ shinobi : chess ]\n\
        [tictactoe]\n\
        [empire:chess]\n\
        key = [value]\n\
        []\n";

    #[test]
    fn section_headers_give_the_names_once() {
        assert_eq!(
            section_names(FILE),
            ["empire", "orda", "shinobi", "tictactoe"]
        );
        assert!(section_names("no sections\nkey = value").is_empty());
    }

    #[test]
    fn the_report_says_what_is_played_and_what_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("variants.ini");
        std::fs::write(&path, FILE).unwrap();
        let report = report(&path);
        let lines: Vec<&str> = report.lines().collect();
        assert!(
            lines[0].ends_with("4 variants; Kaiser plays, with its built-in rules: empire, orda"),
            "{report}"
        );
        assert!(
            lines[1].ends_with("not played by Kaiser (2): shinobi, tictactoe"),
            "{report}"
        );
        let missing = super::report(&dir.path().join("nowhere.ini"));
        assert!(missing.contains("cannot read it"), "{missing}");
        std::fs::write(&path, "just text").unwrap();
        assert!(super::report(&path).contains("no variant sections"));
    }
}
