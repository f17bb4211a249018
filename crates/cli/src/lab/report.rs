//! The lab's report: a self-contained HTML page with SVG charts.

use super::{GameMetrics, Share, Summary, CURVE_CAP};

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
    body += &curves(summaries, games, &colours);
    // the table
    body += "<h2>Every reading</h2><table><tr><th>reading</th><th>games</th><th>wins by seat</th><th>no winner</th><th>length</th><th>branching</th><th>endings</th><th>lead changes</th><th>winner clear after</th><th>stronger side (skill against luck); stakes</th></tr>";
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
        let mut skill = s.skill.map_or("&ndash;".to_string(), |k| k.text("&ndash;"));
        if let Some(t) = s.stakes_text("&plusmn;") {
            skill += &format!("<br>mean stakes: {t}");
        }
        body += &format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.0} &plusmn; {:.0}</td><td>{:.1}</td><td>{}</td><td>{leads}</td><td>{decided}</td><td>{skill}</td></tr>",
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

/// The evaluation curves: for each reading with evaluations, the mean of the engine's
/// evaluation for the first seat at each twentieth of the game (solid), and the mean of
/// its size, how far from level the games stood (dashed). Empty without evaluations.
fn curves(summaries: &[Summary], games: &[GameMetrics], colours: &[&str]) -> String {
    let (w, h, top, left) = (460.0, 220.0, 10.0, 46.0);
    let y_of = |v: f64| top + (1.0 - (v + CURVE_CAP as f64) / (2.0 * CURVE_CAP as f64)) * h;
    let x_of = |k: usize| left + k as f64 / 20.0 * w;
    let mut lines = String::new();
    let mut legend = Vec::new();
    for (i, s) in summaries.iter().enumerate() {
        let of: Vec<&Vec<i32>> = games
            .iter()
            .filter(|g| g.reading == s.reading && g.curve.len() == 21)
            .map(|g| &g.curve)
            .collect();
        if of.is_empty() {
            continue;
        }
        let n = of.len() as f64;
        let mean = |k: usize, f: &dyn Fn(i32) -> f64| of.iter().map(|c| f(c[k])).sum::<f64>() / n;
        let colour = colours[i % 4];
        let path = |f: &dyn Fn(i32) -> f64| {
            (0..=20)
                .map(|k| format!("{:.1},{:.1}", x_of(k), y_of(mean(k, f))))
                .collect::<Vec<_>>()
                .join(" ")
        };
        lines += &format!(
            "<polyline class=\"curve\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>\
             <polyline class=\"curve\" fill=\"none\" stroke=\"{colour}\" stroke-dasharray=\"5 3\" points=\"{}\"/>",
            path(&|v| v as f64),
            path(&|v| (v as f64).abs())
        );
        legend.push(format!(
            "<span style=\"color:{colour}\">&#9632; {} ({} games)</span>",
            esc(&s.reading),
            of.len()
        ));
    }
    if lines.is_empty() {
        return String::new();
    }
    let mut svg = format!(
        "<svg class=\"chart\" id=\"curves\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0}\" height=\"{:.0}\">",
        left + w + 10.0,
        top + h + 30.0
    );
    for v in [-CURVE_CAP, -CURVE_CAP / 2, 0, CURVE_CAP / 2, CURVE_CAP] {
        let y = y_of(v as f64);
        svg += &format!(
            "<line x1=\"{left}\" x2=\"{:.0}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"{}\"/>\
             <text x=\"{:.0}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"end\">{v}</text>",
            left + w,
            if v == 0 { "#333" } else { "#ddd" },
            left - 4.0,
            y + 3.0
        );
    }
    for k in [0, 5, 10, 15, 20] {
        svg += &format!(
            "<text x=\"{:.1}\" y=\"{:.0}\" font-size=\"10\" text-anchor=\"middle\">{}%</text>",
            x_of(k),
            top + h + 16.0,
            k * 5
        );
    }
    svg += &lines;
    svg += "</svg>";
    format!(
        "<h2>Evaluation through the game</h2><p>The engine's evaluation for the first seat \
         (centipawns, at most {CURVE_CAP} either way) by share of the game played: the mean \
         (solid) and the mean distance from level (dashed). {}</p>{svg}",
        legend.join(" ")
    )
}
