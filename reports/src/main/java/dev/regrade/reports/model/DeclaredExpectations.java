package dev.regrade.reports.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The expectations the audit checked the changes against.
 *
 * @param source      where they came from: a file path, or {@code (built-in) NAME}
 * @param description their description
 * @param scripts     the declarations by script name, in declaration order; a script not listed must not change
 */
public record DeclaredExpectations(String source, String description, Map<String, AllowedChanges> scripts) {
    public DeclaredExpectations {
        scripts = Collections.unmodifiableMap(new LinkedHashMap<>(scripts));
    }
}
