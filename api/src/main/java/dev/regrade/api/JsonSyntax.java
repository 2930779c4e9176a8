package dev.regrade.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Says in a plain sentence what is wrong with a JSON text that did not parse. Jackson's messages
 * name its internals (feature flags, "REDACTED" sources, code points in two notations); none of that
 * reaches a user: each known message is rewritten as what a person would fix, and an unknown one
 * becomes "not valid JSON" alone (the file, line and column still say where).
 */
public final class JsonSyntax {
    private JsonSyntax() {
    }

    private record Rule(Pattern pattern, Function<Matcher, String> plain) {
    }

    private static Rule rule(String regex, Function<Matcher, String> plain) {
        return new Rule(Pattern.compile(regex, Pattern.DOTALL), plain);
    }

    private static final String VALUE_EXPECTED = "expected a valid value";

    // Order matters: the first rule whose pattern matches the start of Jackson's message wins.
    private static final List<Rule> RULES = List.of(
            rule("Unexpected end-of-input: expected close marker for (Array|Object).*?line: (\\d+), column: (\\d+).*",
                    m -> "the file ends before the " + kind(m.group(1)) + " opened at line " + m.group(2) + ", column "
                            + m.group(3) + " is closed (" + closer(m.group(1)) + " missing)"),
            rule("Unexpected end-of-input: expected close marker for (Array|Object).*",
                    m -> "the file ends before an " + kind(m.group(1)) + " is closed (" + closer(m.group(1)) + " missing)"),
            rule("Unexpected end-of-input: was expecting closing quote.*",
                    m -> "the file ends inside a string (its closing '\"' is missing)"),
            rule("Unexpected end-of-input within/between (Array|Object) entries.*",
                    m -> "the file ends inside an " + kind(m.group(1))),
            rule("Unexpected end-of-input.*", m -> "the file ends in the middle of a value"),
            rule("No content to map due to end-of-input.*", m -> "the file holds no JSON value (it is empty)"),
            rule("Unexpected character \\('(.*?)' \\(code (\\d+)[^)]*\\)\\): was expecting double-quote to start field name.*",
                    m -> code(m) == '}' ? "a comma before '}' (JSON allows no comma after the last member)"
                            : "expected a key in double quotes, found " + shown(m)),
            rule("Unexpected character \\('(.*?)' \\(code (\\d+)[^)]*\\)\\): " + VALUE_EXPECTED + ".*",
                    m -> code(m) == ']' ? "a comma before ']' (JSON allows no comma after the last element)"
                            : code(m) == 0xFEFF ? "a byte order mark (U+FEFF) before the JSON (save the file as UTF-8 "
                                    + "without a BOM)"
                            : "expected a value (a string in double quotes, a number, an array, an object, true, "
                                    + "false or null), found " + shown(m)),
            rule("Unexpected character \\('(.*?)' \\(code (\\d+)[^)]*\\)\\): was expecting a colon.*",
                    m -> "expected ':' after the key, found " + shown(m)),
            rule("Unexpected character \\('(.*?)' \\(code (\\d+)[^)]*\\)\\): was expecting comma to separate (Array|Object) entries.*",
                    m -> "expected ',' or " + closer(m.group(3)) + " after " + (m.group(3).equals("Array")
                            ? "an array element" : "an object member") + ", found " + shown(m)),
            rule("Unexpected character \\('(.*?)' \\(code (\\d+)[^)]*\\)\\): expected a hex-digit.*",
                    m -> "a \\u escape needs four hex digits, found " + shown(m)),
            rule("Unexpected character \\('(.*?)' \\(code (\\d+)[^)]*\\)\\) in numeric value: expected digit.*minus sign.*",
                    m -> "a '-' not followed by a digit"),
            rule("Unexpected character \\('(.*?)' \\(code (\\d+)[^)]*\\)\\) in numeric value: Decimal point.*",
                    m -> "a decimal point not followed by a digit"),
            rule("Unexpected character \\('(.*?)' \\(code (\\d+)[^)]*\\)\\) in numeric value: Exponent.*",
                    m -> "an exponent not followed by a digit"),
            rule("Unexpected character \\('(.*?)' \\(code (\\d+)[^)]*\\)\\) in numeric value:.*plus sign.*",
                    m -> "a number with a '+' sign (JSON allows none)"),
            rule("Unexpected character \\('(.*?)' \\(code (\\d+)[^)]*\\)\\) in numeric value.*",
                    m -> "a malformed number (" + shown(m) + " inside it)"),
            rule("Unexpected character \\('(.*?)' \\(code (\\d+)[^)]*\\)\\):.*root-level values.*",
                    m -> "more data after the JSON value (found " + shown(m) + ")"),
            rule("Unexpected character \\('(.*?)' \\(code (\\d+)[^)]*\\)\\).*",
                    m -> "unexpected " + shown(m)),
            rule("Unrecognized token '(.*?)': was expecting.*",
                    m -> "'" + m.group(1) + "' is not a JSON value (strings need double quotes; the literals are "
                            + "true, false and null)"),
            rule("Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\).*",
                    m -> "a raw control character (" + codePoint(Integer.parseInt(m.group(1))) + ") inside a string "
                            + "(write it as an escape, e.g. \\n or \\u" + String.format(Locale.ROOT, "%04x",
                            Integer.parseInt(m.group(1))) + ")"),
            rule("Unrecognized character escape '(.*?)'.*",
                    m -> "'\\" + m.group(1) + "' is not a JSON escape (the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r "
                            + "\\t and \\uXXXX)"),
            rule("Non-standard token '(.*?)'.*", m -> "'" + m.group(1) + "' is not a JSON number"),
            rule("Invalid numeric value: Leading zeroes not allowed.*", m -> "a number with a leading zero (JSON allows none)"),
            rule("Unexpected close marker '(.)': expected '(.)' \\(for (Array|Object) starting at .*?line: (\\d+), column: (\\d+).*",
                    m -> "'" + m.group(1) + "' where '" + m.group(2) + "' should close the " + kind(m.group(3))
                            + " opened at line " + m.group(4) + ", column " + m.group(5)),
            rule("Unexpected close marker '(.)': no open.*", m -> "'" + m.group(1) + "' closes nothing"),
            rule("Trailing token.*", m -> "more data after the JSON value"),
            rule("Number value length \\((\\d+)\\) exceeds the maximum allowed \\((\\d+).*",
                    m -> "a number of " + m.group(1) + " digits (at most " + m.group(2) + " are read)"),
            rule("String value length \\((\\d+)\\) exceeds the maximum (?:length|allowed) \\((\\d+).*",
                    m -> "a string of " + m.group(1) + " characters (at most " + m.group(2) + " are read)"),
            rule("Document nesting depth \\((\\d+)\\) exceeds the maximum allowed \\((\\d+).*",
                    m -> "arrays and objects nested " + m.group(1) + " deep (at most " + m.group(2) + " are read)"),
            rule("Invalid UTF-8 (?:start|middle) byte (0x[0-9a-fA-F]+).*",
                    m -> "a byte that is not UTF-8 (" + m.group(1) + ")"),
            rule("Duplicate field '(.*?)'.*", m -> "the key '" + m.group(1) + "' appears twice"));

    /** The plain sentence for a parse failure (no location: the caller's message shape carries it). */
    public static String describe(JsonProcessingException e) {
        return describe(e.getOriginalMessage());
    }

    /** The plain sentence for one of Jackson's parse messages. */
    public static String describe(String jacksonMessage) {
        String m = String.valueOf(jacksonMessage);
        for (Rule r : RULES) {
            Matcher matcher = r.pattern.matcher(m);
            if (matcher.matches()) {
                return "not valid JSON: " + r.plain.apply(matcher);
            }
        }
        return "not valid JSON";
    }

    private static String kind(String jackson) {
        return jackson.equals("Array") ? "array" : "object";
    }

    private static String closer(String jackson) {
        return jackson.equals("Array") ? "']'" : "'}'";
    }

    private static int code(Matcher m) {
        return Integer.parseInt(m.group(2));
    }

    /** The character found, quoted when it prints, else as U+XXXX. */
    private static String shown(Matcher m) {
        return codePoint(code(m));
    }

    private static String codePoint(int cp) {
        boolean prints = cp > 0x20 && cp != 0x7F && !Character.isWhitespace(cp) && Character.isDefined(cp)
                && Character.getType(cp) != Character.FORMAT && Character.getType(cp) != Character.CONTROL;
        String u = String.format(Locale.ROOT, "U+%04X", cp);
        return prints ? "'" + new String(Character.toChars(cp)) + "'" : u;
    }
}
