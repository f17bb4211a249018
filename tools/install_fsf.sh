#!/usr/bin/env bash
# Installs Fairy-Stockfish 11.1 (Debian's package) when /usr/games/fairy-stockfish is
# missing; sourced by the tools that play or label against it, which then use $FSF.
FSF=/usr/games/fairy-stockfish
if [ ! -x "$FSF" ]; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq fairy-stockfish >/dev/null
fi
