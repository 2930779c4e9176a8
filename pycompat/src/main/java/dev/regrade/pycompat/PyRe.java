package dev.regrade.pycompat;

/**
 * The {@code re} module's character classes for str patterns (no flags), written as Java regex
 * character classes, so that a port's {@link java.util.regex.Pattern} matches what the original's
 * pattern matches.
 */
public final class PyRe {
    /** {@code \s}: exactly the code points of {@code str.isspace()} ({@link PyWhitespace#isSpace}). */
    public static final String SPACE = "[\\t\\n\\x0B\\f\\r\\x1C-\\x20\\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}"
            + "\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}]";

    /**
     * {@code \w}: {@code str.isalnum()} or {@code _}, with CPython 3.11's Unicode 14 data. Java 17's
     * letters and numbers (Unicode 13) are all word characters in Python; the code points Unicode 14
     * added are listed after them (only reached for a code point at or above U+0870, so ASCII text
     * pays nothing for them). PyReTest checks every code point against python3's table.
     */
    public static final String WORD = "[\\p{L}\\p{N}_[\\x{870}-\\x{2B738}&&["
            + "\\x{870}-\\x{887}\\x{889}-\\x{88E}\\x{8B5}\\x{8C8}-\\x{8C9}\\x{C5D}\\x{CDD}\\x{170D}\\x{171F}"
            + "\\x{1B4C}\\x{2C2F}\\x{2C5F}\\x{9FFD}-\\x{9FFF}\\x{A7C0}-\\x{A7C1}\\x{A7D0}-\\x{A7D1}\\x{A7D3}"
            + "\\x{A7D5}-\\x{A7D9}\\x{A7F2}-\\x{A7F4}\\x{10570}-\\x{1057A}\\x{1057C}-\\x{1058A}"
            + "\\x{1058C}-\\x{10592}\\x{10594}-\\x{10595}\\x{10597}-\\x{105A1}\\x{105A3}-\\x{105B1}"
            + "\\x{105B3}-\\x{105B9}\\x{105BB}-\\x{105BC}\\x{10780}-\\x{10785}\\x{10787}-\\x{107B0}"
            + "\\x{107B2}-\\x{107BA}\\x{10F70}-\\x{10F81}\\x{11071}-\\x{11072}\\x{11075}\\x{11740}-\\x{11746}"
            + "\\x{11AB0}-\\x{11ABF}\\x{12F90}-\\x{12FF0}\\x{16A70}-\\x{16ABE}\\x{16AC0}-\\x{16AC9}"
            + "\\x{1AFF0}-\\x{1AFF3}\\x{1AFF5}-\\x{1AFFB}\\x{1AFFD}-\\x{1AFFE}\\x{1B11F}-\\x{1B122}"
            + "\\x{1DF00}-\\x{1DF1E}\\x{1E290}-\\x{1E2AD}\\x{1E7E0}-\\x{1E7E6}\\x{1E7E8}-\\x{1E7EB}"
            + "\\x{1E7ED}-\\x{1E7EE}\\x{1E7F0}-\\x{1E7FE}\\x{2A6DE}-\\x{2A6DF}\\x{2B735}-\\x{2B738}]]]";

    /** {@code \d}: the decimal digits ({@code str.isdecimal()}); Unicode 14 added U+16AC0..U+16AC9. */
    public static final String DIGIT = "[\\p{Nd}\\x{16AC0}-\\x{16AC9}]";

    private PyRe() {
    }
}
