package dev.regrade.wearable.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link RowScanner#string} reading eight bytes at a time ends where a byte-by-byte reading of the string
 * ends (past its closing quote, or -1): with a quote, a backslash escape, a control byte or a byte past
 * ASCII at each of the eight places of a word, several in one word, at every alignment and limit; and
 * {@link RowScanner#hex}'s table is {@code Character.digit(c, 16)} for every byte, also as the scanner
 * meets it after a backslash-u. Lines holding them give the String path's rows.
 */
class RowScannerWordsTest {
    /** One special byte (or escape) each: what the word test must see. */
    private static final String[] SPECIALS = {"\"", "\\n", "\\\"", "\\\\", "\\u0041", "\\uD83D", "\\x", "\\u12g4", "\u0000",
        "\u0001", "\n", "\u001f", "\u007f", " ", "!", "#", "[", "]", "}"};
    private static final byte[] HIGH = {(byte) 0x80, (byte) 0xA0, (byte) 0xC3, (byte) 0xE9, (byte) 0xFF};

    @Test
    void aSpecialByteAtEachPlaceOfAWord() {
        int cases = 0;
        for (int align = 0; align < 8; align++) {
            for (int words = 0; words < 3; words++) {
                for (int place = 0; place < 8; place++) {
                    for (byte[] special : specials()) {
                        byte[] content = cat(fill(8 * words + place), special, fill(9), q());
                        cases += compare(content, align);
                    }
                }
            }
        }
        assertTrue(cases > 8 * 3 * 8 * 20, "cases: " + cases);
    }

    /** Two to four specials in one word, in every order of places (the lowest must decide). */
    @Test
    void severalSpecialBytesInOneWord() {
        List<byte[]> specials = specials();
        SplittableRandom r = new SplittableRandom(11);
        int cases = 0;
        for (int first = 0; first < 8; first++) {
            for (int second = first + 1; second < 8; second++) {
                for (int k = 0; k < 60; k++) {
                    // A word of filler with single-byte specials at first and second (and maybe more after).
                    byte[] word = fill(8);
                    word[first] = single(specials, r);
                    word[second] = single(specials, r);
                    for (int more = second + 1; more < 8; more++) {
                        if (r.nextInt(3) == 0) {
                            word[more] = single(specials, r);
                        }
                    }
                    byte[] content = cat(fill(r.nextInt(3) * 8), word, fill(r.nextInt(10)), q());
                    cases += compare(content, r.nextInt(8));
                }
            }
        }
        assertTrue(cases > 1_000, "cases: " + cases);
    }

    /** Random strings of special and plain bytes, every alignment and limit. */
    @Test
    void randomStringsAndLimits() {
        SplittableRandom r = new SplittableRandom(12);
        byte[] alphabet = cat("abcxyz0189AFaf\"\\u/bfnrtg \u0000\u0001\u001f\u007f".getBytes(StandardCharsets.ISO_8859_1), HIGH);
        int ended = 0;
        for (int k = 0; k < 200_000; k++) {
            int n = r.nextInt(1, 40);
            byte[] content = new byte[n];
            for (int i = 0; i < n; i++) {
                content[i] = r.nextInt(3) == 0 ? alphabet[r.nextInt(alphabet.length)] : (byte) ('a' + r.nextInt(26));
            }
            int align = r.nextInt(8);
            byte[] b = cat(fill(align), content, fill(r.nextInt(12)));
            int limit = r.nextInt(align, b.length + 1);
            int want = reference(b, align, limit);
            assertEquals(want, RowScanner.string(b, align, limit), () -> LineParserTest.show(b) + " from " + align + " limit " + limit);
            ended += want >= 0 ? 1 : 0;
        }
        assertTrue(ended > 5_000, "strings closed: " + ended);
    }

    @Test
    void hexTableIsCharacterDigitForEveryByte() {
        for (int c = 0; c < 256; c++) {
            assertEquals(Character.digit(c, 16), RowScanner.hex((byte) c), "byte " + c);
        }
    }

    /** Every byte value in each of the four places after a backslash-u, at every alignment. */
    @Test
    void everyByteAfterABackslashU() {
        for (int c = 0; c < 256; c++) {
            for (int place = 0; place < 4; place++) {
                byte[] digits = "00e9".getBytes(StandardCharsets.US_ASCII);
                digits[place] = (byte) c;
                for (int align = 0; align < 8; align++) {
                    byte[] content = cat("\\u".getBytes(StandardCharsets.US_ASCII), digits, fill(5), q());
                    byte[] b = cat(fill(align), content);
                    int got = RowScanner.string(b, align, b.length);
                    assertEquals(Character.digit(c, 16) >= 0 ? b.length : -1, got, "byte " + c + " place " + place);
                    compare(content, align);
                }
            }
        }
    }

    /** Lines whose values hold the specials at each place: the row (or error) of the String path. */
    @Test
    void linesWithSpecialsGiveTheStringPathsRows() {
        int rows = 0;
        for (int place = 0; place < 16; place++) {
            for (String s : new String[] {"\\\"", "\\\\", "\\u0041", "\\u00e9", "\\ud83d\\ude00", "\\n", "\u0001", "\u001f",
                "\u00e9", "\u20ac", "\\u12g4", "\\x", "\u007f"}) {
                String text = "y".repeat(place) + s + "z".repeat(11);
                for (String line : new String[] {"{\"video_path\": \"" + text + "\"}",
                    "{\"answers\": [\"" + text + "\", \"" + text + "\"], \"dialog\": \"" + text + "\"}",
                    "{\"a" + text + "\": 1, \"video_path\": \"v\"}"}) {
                    byte[] b = line.getBytes(StandardCharsets.UTF_8);
                    String want = JsonLines.reference(b, 0, b.length, JsonLines.WANTED);
                    assertEquals(want, LineParserTest.row(new LineParser(JsonLines.WANTED), b, 0, b.length), line);
                    rows += want.startsWith("error") ? 0 : 1;
                }
            }
        }
        assertTrue(rows > 300, "rows: " + rows);
    }

    /** Compares the scanner and the reference on {@code content} placed at {@code align}, for every limit; returns 1. */
    private static int compare(byte[] content, int align) {
        byte[] b = cat(fill(align), content, fill(3));
        for (int limit = align; limit <= b.length; limit++) {
            int l = limit;
            assertEquals(reference(b, align, limit), RowScanner.string(b, align, limit),
                    () -> LineParserTest.show(b) + " from " + align + " limit " + l);
        }
        return 1;
    }

    /** The end of the string whose content starts at i, read byte by byte as json.loads would (-1: not taken). */
    private static int reference(byte[] b, int i, int limit) {
        while (i < limit) {
            int c = b[i] & 0xFF;
            if (c == '"') {
                return i + 1;
            }
            if (c < 0x20 || c >= 0x80) {
                return -1;
            }
            if (c != '\\') {
                i++;
                continue;
            }
            if (i + 1 >= limit) {
                return -1;
            }
            int e = b[i + 1];
            if (e == 'u') {
                if (i + 6 > limit) {
                    return -1;
                }
                for (int k = i + 2; k < i + 6; k++) {
                    if (Character.digit(b[k] & 0xFF, 16) < 0) {
                        return -1;
                    }
                }
                i += 6;
            } else if ("\"\\/bfnrt".indexOf(e) >= 0) {
                i += 2;
            } else {
                return -1;
            }
        }
        return -1;
    }

    /** Every special as bytes: the escapes and control bytes above, and bytes past ASCII. */
    private static List<byte[]> specials() {
        List<byte[]> out = new ArrayList<>();
        for (String s : SPECIALS) {
            out.add(s.getBytes(StandardCharsets.ISO_8859_1));
        }
        for (byte h : HIGH) {
            out.add(new byte[] {h});
        }
        return out;
    }

    private static byte single(List<byte[]> specials, SplittableRandom r) {
        while (true) {
            byte[] s = specials.get(r.nextInt(specials.size()));
            if (s.length == 1) {
                return s[0];
            }
        }
    }

    /** Plain bytes (no special among them). */
    private static byte[] fill(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) ('a' + i % 26);
        }
        return b;
    }

    private static byte[] q() {
        return new byte[] {'"'};
    }

    private static byte[] cat(byte[]... parts) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            o.writeBytes(p);
        }
        return o.toByteArray();
    }
}
