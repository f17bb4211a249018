use ashta_rules::chess::{perft, variant, Position};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let v = variant(&a[1], a.get(3).map(|s| s.as_str()), &[]).unwrap();
    let depth: u32 = a[2].parse().unwrap();
    let pos = Position::start(v);
    let t = std::time::Instant::now();
    let n = perft::perft(&pos, depth);
    println!("{n} {:?}", t.elapsed());
}
