package dev.regrade.reports.model;

import java.util.List;

/**
 * The changelog entry the audit offers, derived from its comparisons and expectations.
 *
 * @param scripts     the scripts whose trees or scores changed, sorted case-insensitively
 * @param line        the changelog line (FIXES.md's wording); null when withheld
 * @param withheld    why no line is offered (the audit has unexpected changes); null when one is
 * @param unexercised the declared fixes (script names, in declaration order) that no input of the
 *                    audit exercised: no comparison of the script changed
 */
public record Changelog(List<String> scripts, String line, String withheld, List<String> unexercised) {
    public Changelog {
        scripts = List.copyOf(scripts);
        unexercised = List.copyOf(unexercised);
    }

    /** True when the audit offers a changelog line. */
    public boolean offered() {
        return line != null;
    }

    /** The line, or why there is none, in one sentence for people. */
    public String text() {
        return offered() ? line : "No changelog line: " + withheld;
    }
}
