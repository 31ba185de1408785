#!/usr/bin/env python3
"""Writes the README's table of supported sequences (between the markers
<!-- sequences:begin --> and <!-- sequences:end -->) from the rows below,
after checking that every case each row names exists in cases/. With
--check it only verifies that the README is up to date.

Row format: name | bytes | what it does | case file | cases, where the cases
field is "case, case; OTHER-FILE case, case" to cite more than one file.
The line "@modes" stands for the rows of core/src/modes.def, the modes'
one table, so the README's mode table is made from the code's.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
R = r'''
## C0 controls
BEL|`BEL` (0x07)|Rings the bell: counts it, nothing on screen|02-c0|bel-counts; 18-c0-parser-more bel-inside-csi-rings-and-csi-completes, bel-does-not-move-cursor; 27-misc-more bel-after-cancelled-osc-rings, st-terminated-osc-does-not-ring
BS|`BS` (0x08)|Cursor one column left, stops at column 0, drops a pending wrap|02-c0|bs-moves-left, bs-from-pending-wrap; 18-c0-parser-more bs-onto-wide-char-tail, bs-with-decawm-off-at-last-column
HT|`HT` (0x09)|Cursor to the next tab stop (or the last column); keeps a pending wrap|02-c0|ht-default-stops, ht-stops-at-last-column; 06-tabs default-stops-every-8; 12-wrap ht-keeps-pending-wrap; 18-c0-parser-more ht-moves-without-erasing, ht-from-last-stop-goes-to-last-column
LF|`LF` (0x0A)|Cursor down one line, scrolling at the bottom margin (CR too under LNM)|02-c0|lf-keeps-column, lf-at-bottom-scrolls; 27-misc-more lf-scroll-with-current-background, lf-at-bottom-margin-keeps-column
VT, FF|`VT` (0x0B), `FF` (0x0C)|Act as LF|02-c0|vt-and-ff-act-as-lf; 18-c0-parser-more vt-and-ff-scroll-at-bottom; 22-modes-more vt-and-ff-return-under-lnm
CR|`CR` (0x0D)|Cursor to column 0|02-c0|cr-returns; 18-c0-parser-more cr-keeps-row-in-region; 27-misc-more cr-under-origin-mode-goes-to-column-0
SO (LS1)|`SO` (0x0E)|G1 into GL|02-c0|so-si-switch-g1; 18-c0-parser-more so-with-default-g1-is-ascii, si-locks-g0-back; 25-charsets-resets-more g1-uk-through-so, so-does-not-use-g0, so-after-ls3-goes-to-g1
SI (LS0)|`SI` (0x0F)|G0 into GL|10-charsets|g1-with-so-si; 18-c0-parser-more si-locks-g0-back, si-without-so-is-no-op; 25-charsets-resets-more so-does-not-use-g0, si-after-ls2-returns-to-g0
CAN, SUB|`CAN` (0x18), `SUB` (0x1A)|Cancel the sequence in progress|01-parser|can-cancels-csi, sub-cancels-csi; 18-c0-parser-more can-cancels-escape, can-cancels-scs, sub-cancels-osc, can-cancels-dcs
other C0, DEL|0x00-0x1F not above, 0x7F|Ignored|02-c0|nul-and-del-ignored, other-c0-ignored; 18-c0-parser-more del-inside-csi-ignored, nul-inside-csi-ignored
## Parser
ESC, CSI, OSC, DCS state machine|`ESC`, `ESC [`, `ESC ]`, `ESC P`|Sequences may be split anywhere across feeds; C0 inside a CSI acts at once|01-parser|csi-split-across-feeds, csi-fed-one-byte-at-a-time, c0-executes-inside-csi, dcs-split-across-feeds; 18-c0-parser-more bel-inside-csi-rings-and-csi-completes, osc-c0-inside-ignored
SOS, PM, APC|`ESC X`, `ESC ^`, `ESC _` … `ST`|Consumed, ignored|01-parser|sos-pm-apc-consumed; 18-c0-parser-more apc-split-across-feeds, apc-controls-inside-ignored, pm-as-c1-utf8-codepoints
C1 as UTF-8 code points|U+0080-U+009F (e.g. `C2 9B`)|Act as the C1 control (CSI, OSC, NEL …), as xterm does in UTF-8|01-parser|c1-csi-as-utf8-codepoint, c1-nel-as-utf8-codepoint, c1-osc-as-utf8-codepoint, c1-st-as-utf8-codepoint-ends-osc; 18-c0-parser-more pm-as-c1-utf8-codepoints
raw 8-bit C1 bytes|0x80-0x9F alone|Stray UTF-8 continuation bytes: U+FFFD|01-parser|c1-raw-byte-is-malformed-utf8; 18-c0-parser-more c1-raw-osc-byte-is-not-osc
CSI parameters|`;` and `:` sub-parameters, private markers, intermediates|Defaults for empty/0, leading zeros, sub-parameters (SGR), unknown finals consumed|01-parser|csi-empty-parameters-default, csi-leading-zeros, unknown-csi-consumed, unknown-csi-with-intermediate-and-private; 18-c0-parser-more csi-private-marker-on-cup-ignored; 23-sgr-more sgr-empty-parameter-in-list-resets, colour-256-colon-then-attribute
bounds|100 parameters, 2^64 values, OSC > 65536 bytes, long DCS|Consumed and noted in `unhandled`; values clamp; nothing overflows|01-parser|csi-100-parameters, csi-huge-parameter-clamps, csi-huge-row-and-col, osc-longer-than-limit, dcs-very-long-consumed
unknown ESC|`ESC` + intermediates + final|Consumed, noted in `unhandled`|01-parser|esc-unknown-final-consumed; 18-c0-parser-more esc-hash-unknown-final-consumed; 27-misc-more esc-percent-unknown-final-consumed
## ESC sequences
IND|`ESC D`|Cursor down, scrolling at the bottom margin|05-scroll|ind-is-lf-without-cr, ind-at-bottom-margin-scrolls; 21-scroll-tabs-more ind-below-region-at-last-row-does-not-scroll, ind-with-current-background; 22-modes-more lnm-does-not-affect-ind
NEL|`ESC E`|CR + IND|05-scroll|nel-is-cr-lf, nel-at-bottom-scrolls; 21-scroll-tabs-more nel-below-region-does-not-scroll, nel-at-bottom-margin-scrolls-region
HTS|`ESC H`|Sets a tab stop at the cursor column|06-tabs|hts-sets-stop; 21-scroll-tabs-more hts-twice-then-tbc-0; 27-misc-more hts-survives-resize
RI|`ESC M`|Cursor up, scrolling down at the top margin|05-scroll|ri-moves-up, ri-at-top-margin-scrolls-down, ri-at-row-0-scrolls-screen; 21-scroll-tabs-more ri-above-region-at-row-0-does-not-scroll
DECSC|`ESC 7`|Saves cursor, attributes, charsets, DECOM and the pending-wrap flag|03-cursor|decsc-decrc-position, decsc-saves-attributes, decsc-saves-origin-mode; 19-cursor-more decsc-overwrites-earlier-save; 25-charsets-resets-more decsc-saves-gl-shift
DECRC|`ESC 8`|Restores them (home and default pen if nothing was saved)|03-cursor|decrc-without-save-homes; 12-wrap decsc-decrc-restores-pending-wrap; 19-cursor-more decrc-restores-twice, decrc-clamps-after-resize
DECKPAM, DECKPNM|`ESC =`, `ESC >`|Application / normal keypad|07-modes|deckpam-deckpnm; 22-modes-more decnkm-reports-deckpam, decrqm-66-follows-deckpam
RIS|`ESC c`|Full reset: screen, modes, tabs, charsets, margins, alternate screen|16-reset|ris-clears-everything, ris-resets-mouse; 06-tabs ris-restores-default-stops; 10-charsets ris-resets-charsets; 08-altscreen ris-leaves-alt-screen; 22-modes-more lnm-reset-by-ris, irm-reset-by-ris, decckm-reset-by-ris, decscnm-reset-by-ris, decawm-reset-by-ris, focus-reset-by-ris, synchronized-output-reset-by-ris; 25-charsets-resets-more ris-resets-decsca
DECALN|`ESC # 8`|Fills the screen with `E`, resets margins, homes the cursor|16-reset|decaln-fills-with-e, decaln-resets-margins; 25-charsets-resets-more decaln-letters-have-no-attributes
SCS G0-G3|`ESC ( F`, `ESC ) F`, `ESC * F`, `ESC + F` (F = `0` DEC special graphics, `A` UK, `B` ASCII)|Designates a character set|10-charsets|dec-special-g0, dec-special-table, uk-pound, g1-with-so-si; 25-charsets-resets-more g1-uk-through-so, g2-uk-through-ss2, designation-holds-on-alternate-screen
SS2, SS3|`ESC N`, `ESC O`|G2 / G3 for the next character only|10-charsets|g2-single-shift-ss2, g3-single-shift-ss3; 25-charsets-resets-more ss2-then-back-to-locked-set, g2-uk-through-ss2
LS2, LS3|`ESC n`, `ESC o`|G2 / G3 into GL|10-charsets|ls2-locks-g2, ls3-locks-g3; 25-charsets-resets-more si-after-ls2-returns-to-g0, so-after-ls3-goes-to-g1
## CSI sequences
ICH|`CSI Ps @`|Inserts Ps blanks at the cursor|04-erase-edit|ich-inserts-blanks, ich-default-one, ich-clamps; 20-edit-more ich-zero-is-one, ich-clears-pending-wrap, ich-at-last-column, ich-with-current-background, ich-on-wide-tail-blanks-the-whole-char, ich-pushes-wide-char-off-the-edge
CUU|`CSI Ps A`|Cursor up Ps, stopping at the top margin|03-cursor|cuu-default-and-count, cuu-zero-is-one, cuu-clamps-at-top, cuu-stops-at-top-margin, cuu-above-margin-clamps-at-row-0; 19-cursor-more cuu-from-pending-wrap
CUD|`CSI Ps B`|Cursor down Ps, stopping at the bottom margin|03-cursor|cud, cud-stops-at-bottom-margin; 19-cursor-more cud-zero-is-one, cud-below-region-stops-at-last-row, cud-from-pending-wrap
CUF|`CSI Ps C`|Cursor right Ps|03-cursor|cuf, cuf-from-pending-wrap; 19-cursor-more cuf-zero-is-one, cuf-at-last-column-stays
CUB|`CSI Ps D`|Cursor left Ps|03-cursor|cub; 19-cursor-more cub-zero-is-one, cub-from-pending-wrap, cub-does-not-reverse-wrap
CNL|`CSI Ps E`|Cursor down Ps, to column 0|03-cursor|cnl; 19-cursor-more cnl-zero-is-one, cnl-stops-at-bottom-margin
CPL|`CSI Ps F`|Cursor up Ps, to column 0|03-cursor|cpl; 19-cursor-more cpl-zero-is-one, cpl-stops-at-top-margin
CHA|`CSI Ps G`|Cursor to column Ps|03-cursor|cha; 19-cursor-more cha-zero-is-one, cha-clears-pending-wrap
CUP|`CSI Ps ; Ps H`|Cursor to row; column (relative to the margins under DECOM)|03-cursor|cup-default-home, cup-row-col, cup-zero-means-one, cup-row-only, cup-clamps
CHT|`CSI Ps I`|Forward Ps tab stops|06-tabs|cht-forward; 21-scroll-tabs-more cht-zero-is-one, cht-uses-custom-stops
ED|`CSI Ps J`|Erase below (0), above (1), all (2), scrollback (3), with the current background|04-erase-edit|ed-0-to-end, ed-1-to-start-inclusive, ed-2-all-cursor-stays, ed-3-clears-scrollback, ed-2-with-background-colour; 20-edit-more ed-0-with-current-background, ed-1-with-current-background; 23-sgr-more erase-keeps-background-only; 26-unicode-wrap-more ed-0-from-wide-tail-blanks-the-whole-char
EL|`CSI Ps K`|Erase right (0), left (1), line (2); drops a pending wrap|04-erase-edit|el-0-to-end, el-1-to-start-inclusive, el-2-whole-line, el-clears-pending-wrap; 20-edit-more el-0-from-wide-tail-blanks-the-whole-char, el-1-at-wide-head-blanks-the-whole-char, el-1-with-current-background, el-2-with-current-background
DECSED|`CSI ? Ps J`|ED that spares DECSCA-protected cells|04-erase-edit|decsca-protects-from-decsed, decsed-0-and-1; 20-edit-more decsed-does-not-move-cursor
DECSEL|`CSI ? Ps K`|EL that spares DECSCA-protected cells|04-erase-edit|decsel-erases-unprotected-in-line, decsel-0-and-1; 20-edit-more decsca-default-parameter-unprotects, decsca-2-unprotects, decsca-survives-sgr-0
IL|`CSI Ps L`|Inserts Ps lines in the scroll region; cursor to column 0|04-erase-edit|il-inserts-line, il-count-clamps, il-inside-region-only, il-outside-region-ignored; 20-edit-more il-zero-is-one, il-with-current-background, il-at-bottom-margin-clears-that-line, il-outside-region-keeps-column
DL|`CSI Ps M`|Deletes Ps lines in the scroll region|04-erase-edit|dl-deletes-line, dl-inside-region; 20-edit-more dl-zero-is-one, dl-count-clamps, dl-at-bottom-margin-clears-that-line, dl-outside-region-ignored, dl-with-current-background
DCH|`CSI Ps P`|Deletes Ps characters, shifting the rest left|04-erase-edit|dch-deletes, dch-default-and-clamp; 20-edit-more dch-zero-is-one, dch-clears-pending-wrap, dch-with-current-background, dch-on-wide-head-blanks-the-whole-char, dch-on-wide-tail-blanks-the-whole-char
SU|`CSI Ps S`|Scrolls the region up Ps lines|05-scroll|su-scrolls-up, su-in-region, su-count-clamps, su-sd-keep-cursor; 21-scroll-tabs-more su-zero-is-one, su-scrolls-region-with-cursor-outside, su-with-current-background
SD|`CSI Ps T`|Scrolls the region down Ps lines|05-scroll|sd-scrolls-down, sd-in-region; 21-scroll-tabs-more sd-with-current-background, sd-count-clamps
ECH|`CSI Ps X`|Erases Ps characters from the cursor|04-erase-edit|ech-erases-in-place, ech-default-one, ech-clamps-at-edge; 20-edit-more ech-zero-is-one, ech-with-current-background, ech-clears-pending-wrap, ech-on-wide-tail-blanks-the-whole-char, ech-ending-on-wide-head-blanks-the-whole-char
CBT|`CSI Ps Z`|Back Ps tab stops|06-tabs|cbt-backward, cbt-clamps-at-column-0; 21-scroll-tabs-more cbt-zero-is-one, cbt-from-a-stop-goes-to-the-previous-one, cbt-uses-custom-stops
HPA|``CSI Ps ` ``|Cursor to column Ps|03-cursor|hpa; 19-cursor-more hpa-default-and-zero-are-one; 27-misc-more hpa-clears-pending-wrap
HPR|`CSI Ps a`|Cursor right Ps columns|03-cursor|hpr; 19-cursor-more hpr-zero-is-one, hpr-from-pending-wrap
REP|`CSI Ps b`|Repeats the last printed character Ps times|04-erase-edit|rep-repeats-last, rep-default-one, rep-wraps; 20-edit-more rep-zero-is-one, rep-under-irm-inserts, rep-uses-current-attributes, rep-through-dec-graphics; 22-modes-more decawm-off-rep-stays-at-last-column
DA1|`CSI c`, `CSI 0 c`|Replies `CSI ? 6x ; … c`|14-replies|da1, da1-nonzero-parameter-ignored; 27-misc-more da1-answers-each-time
DA2|`CSI > c`|Replies `CSI > Pp ; Pv ; Pc c`|14-replies|da2; 24-osc-reports-more da2-nonzero-parameter-no-reply
VPA|`CSI Ps d`|Cursor to row Ps|03-cursor|vpa; 19-cursor-more vpa-zero-is-one, vpa-origin-mode-is-relative
VPR|`CSI Ps e`|Cursor down Ps rows: to the last row past the bottom margin, within the margins under DECOM|03-cursor|vpr; 19-cursor-more vpr-zero-is-one, vpr-origin-mode-stops-at-bottom-margin; 28-corpus-fixes vpr-past-bottom-margin-clamps-at-last-row
HVP|`CSI Ps ; Ps f`|As CUP|03-cursor|hvp; 19-cursor-more hvp-default-home, hvp-origin-mode-is-relative
TBC|`CSI Ps g`|Clears the tab stop at the cursor (0) or all (3)|06-tabs|tbc-0-clears-current, tbc-3-clears-all, tbc-3-then-hts; 21-scroll-tabs-more hts-twice-then-tbc-0, tbc-0-at-column-without-stop-changes-nothing
SM, RM|`CSI Pm h`, `CSI Pm l`|Sets / resets ANSI modes (4 IRM, 20 LNM)|07-modes|ansi-mode-set-reset; 22-modes-more irm-inserts-wide-char, decrqm-lnm-after-set
DECSET, DECRST|`CSI ? Pm h`, `CSI ? Pm l`|Sets / resets DEC private modes (below), several at once|07-modes|several-modes-in-one-sequence; 22-modes-more decom-set-homes-cursor, mouse-button-after-any-event
HPB|`CSI Ps j`|Cursor left Ps columns (ECMA-48; xterm ignores it)|28-corpus-fixes|hpb-moves-left, hpb-stops-at-first-column, hpb-clears-pending-wrap
VPB|`CSI Ps k`|Cursor up Ps rows, as VPR does (ECMA-48; xterm ignores it)|28-corpus-fixes|vpb-moves-up, vpb-past-top-margin-clamps-at-first-row, vpb-origin-mode-stops-at-top-margin
SGR|`CSI Pm m`|Character attributes and colours (below)|09-sgr|seed-example, each-attribute-on, each-attribute-off; 23-sgr-more sgr-empty-parameter-in-list-resets, sgr-reset-inside-list, sgr-unknown-parameter-ignored, sgr-many-attributes-in-one
DSR 5|`CSI 5 n`|Replies `CSI 0 n`|14-replies|dsr-status, dsr-unknown-no-reply; 24-osc-reports-more dsr-5-answers-each-time, replies-do-not-print
DSR 6 (CPR)|`CSI 6 n`|Replies `CSI r ; c R` (relative to the margins under DECOM)|14-replies|dsr-cpr, dsr-cpr-home, dsr-cpr-pending-wrap-reports-last-column, dsr-cpr-origin-mode-is-relative, replies-queue-in-order; 24-osc-reports-more dsr-cpr-after-wide-char, dsr-cpr-origin-mode-home, dsr-cpr-origin-mode-clamped-to-region, dsr-cpr-after-resize, replies-do-not-print
DECXCPR|`CSI ? 6 n`|Replies `CSI ? r ; c [; 1] R`|14-replies|decxcpr; 24-osc-reports-more decxcpr-origin-mode-is-relative, decxcpr-home
DECSTBM|`CSI Pt ; Pb r`|Sets the scroll region and homes the cursor; invalid regions are ignored|05-scroll|decstbm-homes-cursor, lf-scrolls-region-only, decstbm-invalid-ignored, decstbm-reset, decstbm-bottom-clamps; 21-scroll-tabs-more decstbm-one-line-region-ignored, decstbm-default-top, decstbm-bottom-zero-is-last-row, decstbm-under-origin-mode-homes-to-top-margin
SCOSC, SCORC|`CSI s`, `CSI u`|As DECSC / DECRC|03-cursor|csi-s-u-save-restore; 19-cursor-more scorc-without-save-homes, scosc-and-decrc-share-the-saved-cursor, scosc-saves-attributes
XTWINOPS 22/23|`CSI 22 ; Ps t`, `CSI 23 ; Ps t`|Pushes / pops the title (stack of 10)|15-osc|title-stack-push-pop, title-stack-push-pop-title-only, title-stack-nested, title-stack-pop-empty-keeps-title, title-stack-bounded; 24-osc-reports-more title-stack-icon-only, title-stack-push-both-pop-title-only
XTWINOPS 18|`CSI 18 t`|Replies `CSI 8 ; rows ; cols t`|14-replies|xtwinops-18-text-area-size, xtwinops-18-after-resize; 24-osc-reports-more xtwinops-18-after-shrink
XTWINOPS 14|`CSI 14 t`|Replies `CSI 4 ; height ; width t` (pixels)|14-replies|xtwinops-14-pixel-size; 27-misc-more xtwinops-14-after-resize
DECSCUSR|`CSI Ps SP q`|Cursor shape and blink (0/1 blinking block … 6 steady bar)|16-reset|decscusr-shapes, decscusr-0-is-default, decscusr-default-parameter; 25-charsets-resets-more decscusr-unknown-parameter-ignored, decscusr-reset-by-ris
DECSTR|`CSI ! p`|Soft reset: modes, pen, margins, saved cursor; text and position stay|16-reset|decstr-soft-reset, decstr-resets-saved-cursor; 25-charsets-resets-more decstr-resets-charsets, decstr-resets-pen, decstr-resets-margins, decstr-resets-decsca, decstr-keeps-text-and-title; 27-misc-more dectcem-shown-by-decstr
DECSCA|`CSI Ps " q`|Protects (1) or unprotects (0, 2) the characters written next|04-erase-edit|decsca-protects-from-decsed, ed-ignores-decsca-protection; 20-edit-more decsca-default-parameter-unprotects, decsca-2-unprotects, decsca-survives-sgr-0; 25-charsets-resets-more decstr-resets-decsca, ris-resets-decsca
DECRQM|`CSI ? Ps $ p`, `CSI Ps $ p`|Replies `CSI ? Ps ; Pm $ y` (1 set, 2 reset, 0 unknown)|14-replies|decrqm-dec-defaults, decrqm-dec-after-set, decrqm-mouse-modes, decrqm-more-dec-modes, decrqm-ansi, decrqm-unknown-mode; 22-modes-more decrqm-tracking-modes-after-set, decrqm-encoding-modes-after-set, decrqm-alt-screen-modes-after-set, decrqm-66-follows-deckpam, decrqm-lnm-after-set, decrqm-after-reset-reports-2
XTVERSION|`CSI > q`, `CSI > 0 q`|Replies `DCS > \| name ST`; another `Ps` gets no reply|14-replies|xtversion; 27-misc-more xtversion-does-not-print; 28-corpus-fixes xtversion-nonzero-parameter-no-reply
## DCS
DECRQSS|`DCS $ q Pt ST`|Replies `DCS 1 $ r … ST` for SGR (`m`, xterm's form `0;…`), DECSCA (`" q`), DECSTBM (`r`), DECSCUSR (` q`); `DCS 0 $ r ST` for the rest|28-corpus-fixes|decrqss-sgr-default, decrqss-sgr-attributes, decrqss-sgr-attributes-in-xterm-order, decrqss-sgr-ansi-and-bright-colours, decrqss-sgr-indexed-and-direct-colours, decrqss-sgr-double-underline, decrqss-decsca
## OSC
OSC 0|`OSC 0 ; text BEL/ST`|Sets title and icon name|15-osc|osc-0-sets-title-and-icon, title-utf8, title-st-terminated, title-split-across-feeds; 24-osc-reports-more osc-0-st-terminated, osc-0-after-1-overrides-icon
OSC 1|`OSC 1 ; text ST`|Sets the icon name|15-osc|osc-1-icon-only; 24-osc-reports-more osc-1-st-terminated, osc-0-after-1-overrides-icon
OSC 2|`OSC 2 ; text ST`|Sets the title|15-osc|osc-2-title-only, title-empty-clears, title-does-not-print; 24-osc-reports-more title-keeps-semicolons, title-st-split-between-esc-and-backslash
OSC 4|`OSC 4 ; n ; ? ST`|Replies the palette colour `rgb:rrrr/gggg/bbbb`|14-replies|osc-4-query, osc-4-query-two-colours; 24-osc-reports-more osc-4-query-st-answers-st, osc-4-query-top-index
OSC 8|`OSC 8 ; params ; URI ST`|Hyperlink on the cells written next (empty URI ends it)|15-osc|osc-8-hyperlink, osc-8-with-id-param, osc-8-two-links; 24-osc-reports-more osc-8-link-survives-cursor-move, osc-8-erased-cells-lose-the-link, osc-8-on-wide-char
OSC 10, 11, 12|`OSC 1x ; ? ST`|Replies the foreground, background, cursor colour, with the query's terminator|14-replies|osc-10-11-12-queries-bel, osc-10-query-st-answers-st; 24-osc-reports-more osc-11-and-12-query-st
OSC 52|`OSC 52 ; sel ; base64 ST`|Recorded (selection, payload), never acted on or answered|15-osc|osc-52-recorded, osc-52-query-not-answered, osc-52-st-and-selection-letters
other OSC|`OSC n ; … ST`|Consumed, noted in `unhandled`|15-osc|unknown-osc-consumed; 24-osc-reports-more osc-unknown-st-terminated-consumed, osc-non-numeric-consumed
## Modes
@modes
## SGR
reset|`0`, empty|All attributes and colours off|09-sgr|sgr-0-and-empty-reset; 23-sgr-more sgr-empty-parameter-in-list-resets, sgr-reset-inside-list, sgr-0-clears-underline-colour-and-overline
bold, dim|`1`, `2`; off `22`|Intensity|09-sgr|each-attribute-on, sgr-22-clears-bold-and-dim; 23-sgr-more sgr-bold-and-dim-together, sgr-22-keeps-italic-and-colour
italic|`3`; off `23`|Italic|09-sgr|each-attribute-on, each-attribute-off; 23-sgr-more sgr-23-keeps-bold
underline|`4`, `21` (double), `4:0`…`4:5` (none, single, double, curly, dotted, dashed); off `24`|Underline and its style|09-sgr|underline-styles; 23-sgr-more sgr-21-then-4-is-single, sgr-4-colon-0-clears-double
underline colour|`58;5;n`, `58;2;r;g;b`, `58:5:n`, `58:2::r:g:b`; off `59`|Underline colour|09-sgr|underline-colour; 23-sgr-more sgr-0-clears-underline-colour-and-overline, underline-colour-with-colour-space-id
blink, inverse, hidden, strike|`5`, `7`, `8`, `9`; off `25`, `27`, `28`, `29`|Attributes|09-sgr|each-attribute-on, each-attribute-off, inverse-and-hidden-in-styled; 23-sgr-more sgr-25-keeps-italic, sgr-27-keeps-bold, sgr-28-and-29-keep-the-rest, hidden-text-is-kept
overline|`53`; off `55`|Overline|09-sgr|each-attribute-on, each-attribute-off; 23-sgr-more sgr-55-keeps-strike, sgr-0-clears-underline-colour-and-overline
16 colours|`30`-`37`, `90`-`97`, `39`; `40`-`47`, `100`-`107`, `49`|Foreground / background|09-sgr|fg-16, bg-16, bright-fg-not-bold; 23-sgr-more sgr-39-keeps-background, sgr-49-keeps-foreground
256 colours|`38;5;n`, `48;5;n`, `38:5:n`, `48:5:n`|Indexed colour|09-sgr|colour-256-semicolon-and-colon; 23-sgr-more colour-256-zero-is-not-default, colour-256-low-indexes-are-the-ansi-colours, colour-256-highest-index, colour-256-colon-then-attribute
truecolour|`38;2;r;g;b`, `48;2;r;g;b`, `38:2::r:g:b`, `48:2::r:g:b`|RGB colour|09-sgr|truecolour-semicolon-and-colon, colour-followed-by-attribute; 23-sgr-more truecolour-colon-without-colour-space-id, truecolour-colon-with-colour-space-id, truecolour-overrides-256, truecolour-background-reset-by-49
## Text, Unicode and wrapping
UTF-8|1-4 byte sequences, split across feeds|Decoded|11-unicode|utf8-multibyte, utf8-split-across-feeds; 26-unicode-wrap-more utf8-four-byte-split-across-three-feeds
malformed UTF-8|lone continuation, truncated, overlong, surrogate, > U+10FFFF, F5-FF|One U+FFFD per maximal malformed subpart|11-unicode|utf8-lone-continuation, utf8-truncated-then-ascii, utf8-truncated-then-escape, utf8-overlong-two-byte, utf8-overlong-three-byte, utf8-surrogate, utf8-above-max, utf8-never-valid-bytes
wide characters|East Asian wide, emoji|Two cells: head (width 2) and tail (width 0); overwriting either half clears the other|11-unicode|wide-cells, wide-overwrite-tail-clears-head, wide-overwrite-head-clears-tail, emoji-is-wide; 20-edit-more ich-on-wide-tail-blanks-the-whole-char, dch-on-wide-head-blanks-the-whole-char, ech-on-wide-tail-blanks-the-whole-char, el-0-from-wide-tail-blanks-the-whole-char; 26-unicode-wrap-more wide-char-over-two-narrow, wide-char-over-halves-of-two-wide, irm-pushes-wide-char-off-the-edge, ed-0-from-wide-tail-blanks-the-whole-char
wide at the last column|a wide character with one column left|Wraps to the next line, as xterm does|11-unicode|wide-at-last-column-wraps, wide-fills-last-two-columns; 26-unicode-wrap-more wide-char-at-last-column-after-cup-wraps, wide-char-wraps-at-bottom-right-and-scrolls
combining marks|Mn/Me after a base|Join the base's cell; after cursor motion (not HT) the cell under the cursor, as xterm|11-unicode|combining-joins-base, two-combining-marks, combining-on-wide, combining-at-pending-wrap; 26-unicode-wrap-more combining-after-wrap-joins-first-cell-of-next-row, combining-on-wide-char-at-pending-wrap; 28-corpus-fixes combining-after-cup-joins-cell-under-cursor, combining-after-cr-joins-cell-under-cursor, combining-after-ht-joins-last-written
grapheme clusters|ZWJ emoji, VS16, flags, skin-tone modifiers, Hangul jamo|One cluster in one cell run (UAX #29)|11-unicode|zwj-family-one-cluster, vs16-widens, flag-pair-one-cluster, skin-tone-modifier-joins, hangul-jamo-one-cluster, hangul-precomposed-wide, cluster-wraps-whole
pending wrap|writing the last column with DECAWM on|The next character wraps; CR, CUP, EL, BS clear it; HT and LF keep it|12-wrap|last-column-sets-pending-wrap, next-char-wraps, cr-clears-pending-wrap, lf-with-pending-wrap-keeps-column, cup-clears-pending-wrap, wrap-at-bottom-scrolls, decawm-reset-while-pending, ht-keeps-pending-wrap, wrap-after-wide; 19-cursor-more cud-from-pending-wrap, cuu-from-pending-wrap, cha-clears-pending-wrap
## Screen state and queries
scrollback|lines scrolled off the top of a full-screen region|Kept up to the limit, trailing spaces trimmed; never from the alternate screen or a region below row 0|05-scroll|scrollback-keeps-lines, scrollback-limit, scrollback-zero, scrollback-trims-trailing-spaces, region-below-top-keeps-no-scrollback
resize (truncate/pad)|`tsr_term_resize`|Pads or truncates the grid, clamps the cursor|13-resize|grow-pads, shrink-cols-truncates, shrink-cols-then-grow-does-not-restore, shrink-rows-cursor-at-top-drops-bottom, cursor-clamped, resize-then-write, wide-char-cut-by-shrink, tabs-extend-on-grow, alt-screen-truncates; 21-scroll-tabs-more tabs-after-resize-keep-default-stops
resize (reflow)|`tsr_term_resize` with reflow on|Soft-wrapped runs join, hard newlines never do, scrollback takes part, the alternate screen never reflows, the cursor keeps its logical offset|13-resize|reflow-grow-joins-soft-wraps, reflow-cursor-line-keeps-offset, reflow-shrink-rewraps, reflow-shrink-cursor-line, reflow-hard-newlines-never-join, reflow-shrink-pushes-into-scrollback, reflow-grow-pulls-back-from-scrollback, reflow-cursor-in-stripped-blanks-clamps, reflow-alt-screen-never-reflows, reflow-primary-under-alt, reflow-wide-char-moves-whole
styled snapshot|`tsr_render_styled`|`{attrs}text` runs, `{}` default, order bold dim italic underline blink inverse hidden strike fg bg; a brace of the text doubled (`{{`, `}}`); trailing default blanks trimmed|09-sgr|seed-example, attribute-order, default-run-first, trailing-default-blanks-trimmed-coloured-kept, blank-screen, wide-char-in-run, combining-mark-stays-in-run, literal-braces-doubled, erase-uses-current-background
exact snapshot|`tsr_render_exact`|Every row padded to the width in cells|11-unicode|wide-cells; 02-c0 lf-keeps-column; 04-erase-edit el-1-to-start-inclusive; 27-misc-more row-with-wide-char
text and rows|`tsr_render_text`, `tsr_render_row`|Trailing spaces and blank rows trimmed|17-queries|row-render-trims, text-drops-trailing-blank-rows; 27-misc-more text-keeps-interior-blank-rows, row-with-wide-char
find|`tsr_term_find_all`|Literal matches in cells, exact rows, regions|17-queries|find-all-matches-row-major, find-none, find-across-wide-cells, find-with-combining-mark-is-literal, find-exact-whole-row, find-in-region, find-region-must-hold-whole-match, find-does-not-span-rows
unhandled|`tsr_term_unhandled*`|Bounded list (100) of consumed, unacted sequences|17-queries|unhandled-empty-on-fresh-terminal, unhandled-bounded-at-100; 27-misc-more unhandled-counts-each-ignored-sequence, unhandled-not-for-handled-sequences
bell count|`tsr_term_bell_count`|Counts BEL|17-queries|bell-count-many; 27-misc-more bel-after-cancelled-osc-rings, st-terminated-osc-does-not-ring
reset call|`tsr_term_reset`|As RIS|16-reset|reset-call-matches-ris; 27-misc-more reset-call-leaves-alt-screen-and-modes, reset-call-restores-tab-stops
'''


MODES_DEF = HERE.parent.parent / "core" / "src" / "modes.def"


def mode_rows():
    """The rows of modes.def, in this file's row format."""
    rows = []
    token = r'"(?:[^"\\]|\\.)*"|[^,\s]+'
    text = MODES_DEF.read_text(encoding="utf-8")
    for n, line in enumerate(text.splitlines(), 1):
        if not line.startswith("MODE("):
            continue
        args = [a[1:-1] if a.startswith('"') else a
                for a in re.findall(token, line[len("MODE("):line.rindex(")")])]
        if len(args) != 10:
            sys.exit(f"{MODES_DEF}:{n}: expected 10 fields, got {len(args)}")
        kind, number, store, _value, default, decstr, name, what, fname, cases = args
        mark = "? " if kind == "DEC" else ""
        notes = []
        if store == "BIT" and default == "1":
            notes.append("on at start")
        if decstr == "1":
            notes.append("DECSTR restores the default")
        if notes:
            what += " (" + "; ".join(notes) + ")"
        rows.append(f"{name} ({mark.strip()}{number})|`CSI {mark}{number} h/l`|{what}|{fname}|{cases}")
    return rows


def case_names():
    names = {}
    for f in sorted((HERE / "cases").glob("*.test")):
        names[f.stem] = set(re.findall(r"^case (\S+)", f.read_text(encoding="utf-8"), re.M))
    return names


def refs(file_field, cases_field, known, where):
    out = []  # "`file`: case, case" per file
    for k, part in enumerate(cases_field.split(";")):
        words = part.strip()
        fname = file_field
        if k > 0:
            fname, _, words = words.partition(" ")
        if fname not in known:
            sys.exit(f"{where}: no case file {fname}.test")
        names = [w.strip() for w in words.split(",")]
        for name in names:
            if name not in known[fname]:
                sys.exit(f"{where}: {fname}.test has no case {name}")
        out.append(f"`{fname}`: " + ", ".join(names))
    return out


def render():
    known = case_names()
    lines = [
        "<!-- Generated by tests/screen/make_sequences_md.py from its rows and core/src/modes.def; edit the rows there. -->",
        "Every row is tested by the data-driven screen cases in `tests/screen/cases/`",
        "(file and case names given; run them with `ctest -R screen_cases`).",
    ]
    count = 0
    rows = []
    for row in R.strip().splitlines():
        rows += mode_rows() if row == "@modes" else [row]
    for n, row in enumerate(rows, 1):
        if row.startswith("## "):
            lines += ["", "#" + row, "", "| name | bytes | what it does | tested by |", "| --- | --- | --- | --- |"]
            continue
        # a literal | inside the bytes column is written "\|"
        fields = re.split(r"(?<!\\)\|", row)
        if len(fields) != 5:
            sys.exit(f"row {n}: expected 5 fields, got {len(fields)}: {row}")
        name, seq, what, fname, cases = (f.strip() for f in fields)
        cited = refs(fname, cases, known, f"row {n} ({name})")
        lines.append(f"| {name} | {seq} | {what} | {'; '.join(cited)} |")
        count += 1
    lines += ["", f"{count} rows."]
    return "\n".join(lines)


BEGIN, END = "<!-- sequences:begin -->", "<!-- sequences:end -->"


def main():
    readme = HERE.parent.parent / "README.md"
    current = readme.read_text(encoding="utf-8")
    if BEGIN not in current or END not in current:
        sys.exit(f"{readme}: the markers {BEGIN} and {END} are missing")
    before, rest = current.split(BEGIN, 1)
    _, after = rest.split(END, 1)
    updated = before + BEGIN + "\n" + render() + "\n" + END + after
    if "--check" in sys.argv[1:]:
        if updated != current:
            sys.exit("README.md's sequence table is out of date: run tests/screen/make_sequences_md.py")
        return
    readme.write_text(updated, encoding="utf-8")


if __name__ == "__main__":
    main()
