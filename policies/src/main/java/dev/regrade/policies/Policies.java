package dev.regrade.policies;

import dev.regrade.rubric.port.MapsTool;
import dev.regrade.rubric.port.VerdictRules;
import java.util.List;
import java.util.Optional;

/**
 * The four built-in policies, which run every script with no hand-made input:
 * {@code empty}, {@code minimal}, {@code full} and {@code hash}.
 */
public final class Policies {
    /** Every extraction returns its empty record (nulls and empty lists); the maps tool knows no route; the judge accepts. */
    public static final Policy EMPTY = new Policy("empty",
            "Every extraction empty (nulls and empty lists); no routes known; judge accepts") {
        @Override
        protected int listLength() {
            return 0;
        }

        @Override
        protected boolean fillFields() {
            return false;
        }

        @Override
        public MapsTool maps(String script) {
            return (a, b, mode) -> MapsTool.NOT_FOUND;
        }
    };

    /** One element per list, every field filled; the judge accepts. */
    public static final Policy MINIMAL = filled("minimal", 1, VerdictRules.accept(),
            "One element per list, every field filled; judge accepts");

    /** Twelve elements per list, more than any script evaluates; the judge accepts. */
    public static final Policy FULL = filled("full", 12, VerdictRules.accept(),
            "Twelve elements per list, every field filled; judge accepts");

    /** Three elements per list, every field filled; verdicts from the prompt's SHA-256. */
    public static final Policy HASH = filled("hash", 3, VerdictRules.hash(),
            "Three elements per list, every field filled; judge verdict by prompt hash");

    private static final List<Policy> ALL = List.of(EMPTY, MINIMAL, FULL, HASH);

    private Policies() {
    }

    /** The built-in policies in their canonical order. */
    public static List<Policy> all() {
        return ALL;
    }

    /** The names of the built-in policies. */
    public static List<String> names() {
        return ALL.stream().map(Policy::name).toList();
    }

    /** The policy of that name. */
    public static Optional<Policy> byName(String name) {
        return ALL.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    private static Policy filled(String name, int length, VerdictRules rules, String description) {
        return new Policy(name, description) {
            @Override
            protected int listLength() {
                return length;
            }

            @Override
            protected boolean fillFields() {
                return true;
            }

            @Override
            public VerdictRules verdictRules() {
                return rules;
            }
        };
    }
}
