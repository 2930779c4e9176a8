package dev.regrade.rubric.script;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A template a script parses extractions into ({@code Evaluator.extract(prompt, template, name, ...)}),
 * and the names it requests it under: each an extraction name, or, where the script builds the name
 * at run time, a glob of the names (each {@code *} stands for any text, none included:
 * {@code station_*_details} covers {@code station_0_details}, {@code station_12_details}, …).
 *
 * @param template the record class the script passes to {@code extract}
 * @param names    the extraction names and globs, at least one
 */
public record DeclaredExtraction(Class<? extends Record> template, List<String> names) {
    public DeclaredExtraction {
        Objects.requireNonNull(template, "template");
        names = List.copyOf(names);
        if (names.isEmpty()) {
            throw new IllegalArgumentException(template.getSimpleName() + ": no extraction name");
        }
        for (String name : names) {
            if (name.replace("*", "").isEmpty()) {
                throw new IllegalArgumentException("extraction name '" + name + "' names nothing");
            }
        }
    }

    public DeclaredExtraction(Class<? extends Record> template, String... names) {
        this(template, List.of(names));
    }

    /** The declared name or glob that covers {@code extractionName}, if any. */
    public Optional<String> covering(String extractionName) {
        return names.stream().filter(n -> matches(n, extractionName)).findFirst();
    }

    /** True when {@code name} is a glob ({@code *} in it) rather than one extraction name. */
    public static boolean isGlob(String name) {
        return name.indexOf('*') >= 0;
    }

    /** True when {@code extractionName} is {@code name}, or one of the names the glob {@code name} covers. */
    static boolean matches(String name, String extractionName) {
        if (!isGlob(name)) {
            return name.equals(extractionName);
        }
        StringBuilder regex = new StringBuilder();
        for (String literal : name.split("\\*", -1)) {
            if (!regex.isEmpty()) {
                regex.append(".*");
            }
            regex.append(Pattern.quote(literal));
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL).matcher(extractionName).matches();
    }
}
