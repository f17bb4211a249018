#!/usr/bin/env bash
# Installs Fairy-Stockfish 11.1 (Debian's package) when /usr/games/fairy-stockfish is
# missing; sourced by the tools that play or label against it, which then use $FSF.
# `install_debian PATH PACKAGE` does the same for another program.
install_debian() {
  if [ ! -x "$1" ]; then
    local sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$2" >/dev/null
  fi
}
FSF=/usr/games/fairy-stockfish
install_debian "$FSF" fairy-stockfish
