//! The lab's report: a self-contained HTML page with SVG charts.

use super::{GameMetrics, Share, Summary};

/// Escapes text for HTML.
fn esc(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The report: a self-contained page with a chart of results per seat (with their
/// intervals) and a histogram of lengths for each reading, and the table of endings.
pub(super) fn report(title: &str, summaries: &[Summary], games: &[GameMetrics]) -> String {
    let colours = ["#8c510a", "#01665e", "#c51b7d", "#4d9221", "#777777"];
    let mut body = String::new();
    // results per seat: bars with whiskers, one group per reading
    let seats = summaries.iter().map(|s| s.wins.len()).max().unwrap_or(2);
    let bars = seats + 1;
    let group = bars as f64 * 22.0 + 30.0;
    let width = 60.0 + group * summaries.len() as f64;
    let mut svg = format!(
        "<svg class=\"chart\" id=\"results\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"240\">\
         <line x1=\"40\" y1=\"200\" x2=\"{width:.0}\" y2=\"200\" stroke=\"#333\"/>"
    );
    for t in [0, 25, 50, 75, 100] {
        let y = 200.0 - t as f64 * 1.8;
        svg += &format!(
            "<text x=\"34\" y=\"{:.0}\" font-size=\"10\" text-anchor=\"end\">{t}%</text>\
             <line x1=\"40\" y1=\"{y:.0}\" x2=\"{width:.0}\" y2=\"{y:.0}\" stroke=\"#ddd\"/>",
            y + 3.0
        );
    }
    for (gi, s) in summaries.iter().enumerate() {
        let x0 = 50.0 + gi as f64 * group;
        let shares: Vec<&Share> = s.wins.iter().chain(std::iter::once(&s.draws)).collect();
        for (bi, sh) in shares.iter().enumerate() {
            let x = x0 + bi as f64 * 22.0;
            let h = sh.p * 180.0;
            let colour = if bi + 1 == shares.len() {
                colours[4]
            } else {
                colours[bi % 4]
            };
            svg += &format!(
                "<rect class=\"bar\" x=\"{x:.0}\" y=\"{:.1}\" width=\"18\" height=\"{h:.1}\" fill=\"{colour}\"/>\
                 <line x1=\"{:.0}\" x2=\"{:.0}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#000\"/>",
                200.0 - h,
                x + 9.0,
                x + 9.0,
                200.0 - sh.low * 180.0,
                200.0 - sh.high * 180.0
            );
        }
        svg += &format!(
            "<text x=\"{:.0}\" y=\"218\" font-size=\"12\" text-anchor=\"middle\">{}</text>",
            x0 + (bars as f64 * 22.0) / 2.0,
            esc(&s.reading)
        );
    }
    let names = summaries
        .iter()
        .find(|s| s.names.len() == seats)
        .map(|s| s.names.clone())
        .unwrap_or_default();
    let mut legend: Vec<String> = (0..seats)
        .map(|i| {
            let name = names
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("seat {}", i + 1));
            format!(
                "<span style=\"color:{}\">&#9632; {} wins</span>",
                colours[i % 4],
                esc(&name)
            )
        })
        .collect();
    legend.push(format!(
        "<span style=\"color:{}\">&#9632; no winner</span>",
        colours[4]
    ));
    svg += "</svg>";
    body += &format!(
        "<h2>Results by seat</h2><p>{}; the whiskers are 95% intervals.</p>{svg}",
        legend.join(" ")
    );
    // lengths: a histogram per reading, on shared bins
    let longest = games.iter().map(|g| g.plies).max().unwrap_or(1).max(1);
    let bins = 12usize;
    let size = longest.div_ceil(bins).max(1);
    body += "<h2>Length of the games (moves)</h2>";
    for s in summaries {
        let mut counts = vec![0usize; bins];
        for g in games.iter().filter(|g| g.reading == s.reading) {
            counts[(g.plies / size).min(bins - 1)] += 1;
        }
        let top = counts.iter().copied().max().unwrap_or(1).max(1);
        let mut h = format!(
            "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"130\">",
            bins * 30 + 20
        );
        for (i, c) in counts.iter().enumerate() {
            let bh = *c as f64 / top as f64 * 90.0;
            h += &format!(
                "<rect class=\"bar\" x=\"{}\" y=\"{:.1}\" width=\"26\" height=\"{bh:.1}\" fill=\"#01665e\"/>\
                 <text x=\"{}\" y=\"118\" font-size=\"9\" text-anchor=\"middle\">{}</text>",
                10 + i * 30,
                100.0 - bh,
                23 + i * 30,
                i * size
            );
        }
        h += "</svg>";
        body += &format!(
            "<h3>{}: mean {:.0} &plusmn; {:.0}</h3>{h}",
            esc(&s.reading),
            s.length.0,
            s.length.1
        );
    }
    // the table
    body += "<h2>Every reading</h2><table><tr><th>reading</th><th>games</th><th>wins by seat</th><th>no winner</th><th>length</th><th>branching</th><th>endings</th><th>lead changes</th><th>winner clear after</th></tr>";
    for s in summaries {
        let wins: Vec<String> = s
            .shares()
            .iter()
            .map(|(name, x)| format!("{}: {}", esc(name), x.text("&ndash;")))
            .collect();
        let ends: Vec<String> = s
            .reasons
            .iter()
            .map(|(r, n)| format!("{} {n}", esc(r)))
            .collect();
        let leads = s.lead_changes.map_or("&ndash;".to_string(), |(m, h)| {
            format!("{m:.1} &plusmn; {h:.1}")
        });
        let decided = s.decided.map_or("&ndash;".to_string(), |(m, h, n)| {
            format!(
                "{:.0}% &plusmn; {:.0}% of the game ({n} games)",
                100.0 * m,
                100.0 * h
            )
        });
        body += &format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.0} &plusmn; {:.0}</td><td>{:.1}</td><td>{}</td><td>{leads}</td><td>{decided}</td></tr>",
            esc(&s.reading),
            s.games,
            wins.join("<br>"),
            s.draws.text("&ndash;"),
            s.length.0,
            s.length.1,
            s.branching,
            ends.join("<br>")
        );
    }
    body += "</table>";
    format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>{t}</title><style>\
         body{{font-family:sans-serif;margin:2em;max-width:60em}}table{{border-collapse:collapse}}\
         td,th{{border:1px solid #ccc;padding:0.3em 0.6em;vertical-align:top}}</style></head>\
         <body><h1>{t}</h1><p>Made by <code>ashta lab</code>: the engine in every seat; \
         each game's metrics are in <code>games.csv</code> beside this page.</p>{body}</body></html>\n",
        t = esc(title)
    )
}
