//! The lab's page: the experiments of `ashta lab` found in the directory given to
//! `ashta serve --lab DIR` (one directory each), listed newest first, and each one's
//! report served as it was written.

use crate::hall::Hall;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::time::SystemTime;

fn esc(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn html(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        body,
    )
        .into_response()
}

fn page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>{t}</title>\
         <style>body{{font-family:sans-serif;margin:2em;max-width:60em}}\
         td,th{{border-bottom:1px solid #ccc;padding:0.3em 0.8em;text-align:left}}\
         table{{border-collapse:collapse}}</style></head><body>\
         <p><a href=\"/\">Ashta</a></p><h1>{t}</h1>{body}</body></html>\n",
        t = esc(title)
    )
}

/// An experiment's name as a path part: letters, digits, `-`, `_` and `.`, not starting
/// with a dot (so never `..`).
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 200
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// The report's title (its `<title>`), or the directory's name.
fn title_of(report: &str, name: &str) -> String {
    report
        .split_once("<title>")
        .and_then(|(_, rest)| rest.split_once("</title>"))
        .map(|(t, _)| {
            t.replace("&amp;", "&")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
        })
        .unwrap_or_else(|| name.to_string())
}

/// `GET /lab`: the experiments, newest first: title, games played, when.
pub(crate) async fn list(State(hall): State<Arc<Hall>>) -> Response {
    let Some(dir) = hall.lab_dir.clone() else {
        return html(
            StatusCode::OK,
            page(
                "Lab experiments",
                "<p>No lab directory: start the server with <code>ashta serve --lab DIR</code> \
                 to list the experiments that <code>ashta lab ... --out DIR/NAME</code> wrote.</p>",
            ),
        );
    };
    let mut found: Vec<(SystemTime, String, String, usize)> = Vec::new();
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            if !valid_name(&name) {
                continue;
            }
            let Ok(report) = std::fs::read_to_string(e.path().join("report.html")) else {
                continue;
            };
            let when = std::fs::metadata(e.path().join("report.html"))
                .and_then(|m| m.modified())
                .unwrap_or(SystemTime::UNIX_EPOCH);
            let games = std::fs::read_to_string(e.path().join("games.csv"))
                .map(|t| t.lines().count().saturating_sub(1))
                .unwrap_or(0);
            found.push((when, name.clone(), title_of(&report, &name), games));
        }
    }
    found.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let rows: String = found
        .iter()
        .map(|(when, name, title, games)| {
            let age = SystemTime::now()
                .duration_since(*when)
                .map_or(0, |d| d.as_secs() / 60);
            format!(
                "<tr><td><a href=\"/lab/{n}\">{t}</a></td><td>{n}</td><td>{games}</td><td>{}</td></tr>",
                if age < 120 {
                    format!("{age} min ago")
                } else {
                    format!("{} h ago", age / 60)
                },
                n = esc(name),
                t = esc(title)
            )
        })
        .collect();
    let body = if found.is_empty() {
        format!(
            "<p>No experiment in {} yet: <code>ashta lab GAME --compare option=a,b --out {}/NAME</code> writes one.</p>",
            esc(&dir.display().to_string()),
            esc(&dir.display().to_string())
        )
    } else {
        format!(
            "<table id=\"experiments\"><tr><th>experiment</th><th>directory</th><th>games</th><th>report written</th></tr>{rows}</table>"
        )
    };
    html(StatusCode::OK, page("Lab experiments", &body))
}

/// `GET /lab/{name}`: the experiment's report as `ashta lab` wrote it.
pub(crate) async fn report(State(hall): State<Arc<Hall>>, Path(name): Path<String>) -> Response {
    let not_found = |why: String| {
        html(
            StatusCode::NOT_FOUND,
            page(
                "No such experiment",
                &format!(
                    "<p>{}</p><p><a href=\"/lab\">The experiments</a></p>",
                    esc(&why)
                ),
            ),
        )
    };
    let Some(dir) = hall.lab_dir.clone() else {
        return not_found("this server has no lab directory (ashta serve --lab DIR)".into());
    };
    if !valid_name(&name) {
        return not_found(format!("{name:?} is not an experiment's name"));
    }
    match std::fs::read_to_string(dir.join(&name).join("report.html")) {
        Ok(text) => html(StatusCode::OK, text),
        Err(_) => not_found(format!("no report in {name}")),
    }
}
