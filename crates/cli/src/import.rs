//! `ashta import`: record files into the archive of the web app's database.

use anyhow::Result;

/// `ashta import`: each game of each file into the archive, a line each.
pub fn run(files: &[std::path::PathBuf], db: Option<std::path::PathBuf>) -> Result<()> {
    let db = db.unwrap_or_else(ashta_server::default_db_path);
    let (mut imported, mut refused) = (0, 0);
    for f in files {
        let text = match std::fs::read(f).map_err(|e| e.to_string()) {
            Ok(bytes) => match ashta_server::decode_record(&bytes) {
                Ok(text) => text,
                Err(e) => {
                    println!("{}: not read: {e}", f.display());
                    refused += 1;
                    continue;
                }
            },
            Err(e) => {
                println!("{}: not read: {e}", f.display());
                refused += 1;
                continue;
            }
        };
        let records = ashta_server::split_records(&text);
        let results = ashta_server::import_records(&db, &records)?;
        for (i, r) in results.into_iter().enumerate() {
            match r {
                Ok(id) => {
                    imported += 1;
                    println!("{} game {}: imported as game {id}", f.display(), i + 1);
                }
                Err(e) => {
                    refused += 1;
                    let game = records[i]
                        .lines()
                        .find_map(|l| l.trim().strip_prefix("[Variant \""))
                        .and_then(|v| v.strip_suffix("\"]"))
                        .map(|v| format!(" ({v})"))
                        .unwrap_or_default();
                    println!("{} game {}{game}: not imported: {e}", f.display(), i + 1);
                }
            }
        }
    }
    println!("{imported} imported, {refused} not, into {}", db.display());
    if refused > 0 {
        anyhow::bail!("{refused} records not imported");
    }
    Ok(())
}
