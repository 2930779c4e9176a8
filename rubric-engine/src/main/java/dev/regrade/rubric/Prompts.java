package dev.regrade.rubric;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

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

    /** Templates split once (the four above, in practice); emptied when full, should a caller pass others. */
    private static final int KEPT = 64;
    private static final Map<String, List<Part>> PARSED = new ConcurrentHashMap<>();

    /** One piece of a parsed template: literal text, a field to fill, or the format error met at this point. */
    private record Part(String literal, String field, String error) {
    }

    /**
     * Python's {@code template.format(**values)} for named fields: {@code {name}} is replaced by
     * the value as given (values are never re-scanned), {@code {{} and {@code }}} are literal braces.
     * Errors are raised in Python's order: a missing key before a malformed brace that follows it.
     */
    public static String format(String template, Map<String, String> values) {
        List<Part> parts = PARSED.get(template);
        if (parts == null) {
            parts = parse(template);
            if (PARSED.size() >= KEPT) {
                PARSED.clear();
            }
            PARSED.put(template, parts);
        }
        int length = 0;
        for (Part p : parts) {
            length += p.literal != null ? p.literal.length() : p.field != null ? String.valueOf(values.get(p.field)).length() : 0;
        }
        StringBuilder out = new StringBuilder(length);
        for (Part p : parts) {
            if (p.literal != null) {
                out.append(p.literal);
            } else if (p.field != null) {
                String value = values.get(p.field);
                if (value == null && !values.containsKey(p.field)) {
                    throw new IllegalArgumentException("KeyError: '" + p.field + "'");
                }
                out.append(value);
            } else {
                throw new IllegalArgumentException(p.error);
            }
        }
        return out.toString();
    }

    /** Python's format-string parse: literal runs (braces unescaped) and fields, up to the first malformed brace. */
    private static List<Part> parse(String template) {
        List<Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        int i = 0;
        int n = template.length();
        while (i < n) {
            int next = i;
            while (next < n && template.charAt(next) != '{' && template.charAt(next) != '}') {
                next++;
            }
            literal.append(template, i, next);
            i = next;
            if (i >= n) {
                break;
            }
            char c = template.charAt(i);
            if (i + 1 < n && template.charAt(i + 1) == c) {
                literal.append(c);
                i += 2;
                continue;
            }
            String error = null;
            int end = c == '{' ? template.indexOf('}', i) : -1;
            if (c == '}') {
                error = "Single '}' encountered in format string";
            } else if (end < 0) {
                error = "Single '{' encountered in format string";
            }
            if (literal.length() > 0) {
                parts.add(new Part(literal.toString(), null, null));
                literal.setLength(0);
            }
            if (error != null) {
                parts.add(new Part(null, null, error));
                return List.copyOf(parts);
            }
            parts.add(new Part(null, template.substring(i + 1, end), null));
            i = end + 1;
        }
        if (literal.length() > 0) {
            parts.add(new Part(literal.toString(), null, null));
        }
        return List.copyOf(parts);
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
