"""A program that turns keyboard protocols on, as fish, neovim and helix do, and shows
what keys reach it: every read on a line of its own, "key:" and the bytes with ESC as ^[
and other controls as ^X. It turns the kitty keyboard protocol on (CSI > 1 u) and asks
for the flags (CSI ? u); on "n" it pushes flag 8 on the alternate screen, on "m" it
leaves that screen (its stack goes with it), on "o" it pops its flags and turns on
modifyOtherKeys 2 (CSI > 4 ; 2 m), asking for the level (CSI ? 4 m); "q" ends it."""
import os
import sys
import termios
import tty


def shown(data):
    out = []
    for b in data:
        if b == 0x1B:
            out.append("^[")
        elif b < 0x20:
            out.append("^" + chr(b + 0x40))
        elif b == 0x7F:
            out.append("^?")
        else:
            out.append(chr(b))
    return "".join(out)


def write(s):
    os.write(1, s.encode())


def reply(final):
    """Reads a reply up to its final byte."""
    data = b""
    while not data.endswith(final):
        data += os.read(0, 1)
    return data


def main():
    saved = termios.tcgetattr(0)
    tty.setraw(0)
    try:
        write("\x1b[>1u\x1b[?u")
        write("flags:" + shown(reply(b"u")) + "\r\n")
        while True:
            data = os.read(0, 64)
            write("key:" + shown(data) + "\r\n")
            if data == b"n":
                write("\x1b[?1049h\x1b[>8u\x1b[?u")
                write("alt flags:" + shown(reply(b"u")) + "\r\n")
            elif data == b"\x1b[109u":  # m, as flag 8 sends it
                write("\x1b[?1049l\x1b[?u")
                write("main flags:" + shown(reply(b"u")) + "\r\n")
            elif data == b"o":
                write("\x1b[<u\x1b[>4;2m\x1b[?4m")
                write("level:" + shown(reply(b"m")) + "\r\n")
            elif data == b"q":
                break
    finally:
        write("\x1b[>4m")
        termios.tcsetattr(0, termios.TCSADRAIN, saved)
    return 0


if __name__ == "__main__":
    sys.exit(main())
