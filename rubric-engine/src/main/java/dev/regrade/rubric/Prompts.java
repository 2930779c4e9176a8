package dev.regrade.rubric;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The original verifier's and extractor's prompt templates, verbatim (resources under
 * {@code dev/regrade/rubric/prompts/}), and Python's {@code str.format} for named fields.
 */
public final class Prompts {
    /** Extractor.GENERAL_PROMPT: extraction from the answer. */
    public static final String EXTRACT_SIMPLE = load("extract_simple.txt");
    /** Extractor.URL_PROMPT: extraction from a page. */
    public static final String EXTRACT_URL = load("extract_url.txt");
    /** Verifier.SIMPLE_PROMPT: a claim judged against the task and answer only. */
    public static final String VERIFY_SIMPLE = load("verify_simple.txt");
    /** Verifier.URL_PROMPT: a claim judged against a page. */
    public static final String VERIFY_URL = load("verify_url.txt");
    /** Appended to the prompt text when screenshots follow it as image parts. */
    public static final String SCREENSHOT_SUFFIX = "\n\nBelow are rendered page screenshots to provide non-textual context:";

    private Prompts() {
    }

    /**
     * Python's {@code template.format(**values)} for named fields: {@code {name}} is replaced by
     * the value as given (values are never re-scanned), {@code {{} and {@code }}} are literal braces.
     */
    public static String format(String template, Map<String, String> values) {
        StringBuilder out = new StringBuilder(template.length() + 256);
        int i = 0;
        int n = template.length();
        while (i < n) {
            char c = template.charAt(i);
            if (c == '{') {
                if (i + 1 < n && template.charAt(i + 1) == '{') {
                    out.append('{');
                    i += 2;
                    continue;
                }
                int end = template.indexOf('}', i);
                if (end < 0) {
                    throw new IllegalArgumentException("Single '{' encountered in format string");
                }
                String name = template.substring(i + 1, end);
                String value = values.get(name);
                if (value == null && !values.containsKey(name)) {
                    throw new IllegalArgumentException("KeyError: '" + name + "'");
                }
                out.append(value);
                i = end + 1;
            } else if (c == '}') {
                if (i + 1 < n && template.charAt(i + 1) == '}') {
                    out.append('}');
                    i += 2;
                    continue;
                }
                throw new IllegalArgumentException("Single '}' encountered in format string");
            } else {
                int next = i + 1;
                while (next < n && template.charAt(next) != '{' && template.charAt(next) != '}') {
                    next++;
                }
                out.append(template, i, next);
                i = next;
            }
        }
        return out.toString();
    }

    private static String load(String name) {
        String path = "prompts/" + name;
        try (InputStream in = Prompts.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing prompt resource dev/regrade/rubric/" + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
