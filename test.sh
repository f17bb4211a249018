#!/usr/bin/env bash
# Runs every test of the workspace. Needs only the Rust toolchain: the Fairy-Stockfish
# fixtures are committed under crates/rules/tests/fixtures.
set -euo pipefail
cd "$(dirname "$0")"
cargo test --workspace --locked "$@"
