package dev.regrade.rubric.script;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One extraction a script can request ({@code Evaluator.extract(prompt, template, name, ...)}): its
 * name, or, where the script builds the name at run time, a glob of the names (each {@code *} stands
 * for any text, none included: {@code station_*_details} covers {@code station_0_details},
 * {@code station_12_details}, …), and the template the answer is parsed into.
 *
 * @param name     the extraction name, or a glob of the names
 * @param template the record class the script passes to {@code extract} under that name
 */
public record DeclaredExtraction(String name, Class<? extends Record> template) {
    public DeclaredExtraction {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(template, "template");
        if (name.isEmpty() || name.replace("*", "").isEmpty()) {
            throw new IllegalArgumentException("extraction name '" + name + "' names nothing");
        }
    }

    /** True when {@link #name} is a glob ({@code *} in it) rather than one name. */
    public boolean isPattern() {
        return name.indexOf('*') >= 0;
    }

    /** True when {@code extractionName} is this name, or one of the names this glob covers. */
    public boolean matches(String extractionName) {
        if (!isPattern()) {
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
