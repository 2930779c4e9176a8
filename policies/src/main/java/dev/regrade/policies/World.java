package dev.regrade.policies;

import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.MapsTool;
import dev.regrade.rubric.port.VerdictRules;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What one input decides for a run of one script: the answer text, every extraction answer,
 * the pages, the maps tool and the judge's rules. Implementations are deterministic.
 */
public interface World {
    /** {@code policy} or {@code fixture}. */
    String kind();

    /** The policy name, or the fixture's file name without {@code .json}. */
    String name();

    /** One line saying what this input is. */
    String description();

    /** The answer text the extractor and judge see. */
    String answer(String script);

    /** Answers the script's extraction requests. */
    Extractor extractor(String script);

    /** How the judge rules. */
    VerdictRules verdictRules();

    /** Pages given explicitly: URL → HTML. Every other URL gets a generated page. */
    Map<String, String> pages();

    /** URLs that behave as pages that could not be loaded. */
    List<String> missingPages();

    /** The maps tool of this input. */
    MapsTool maps(String script);

    /** The evaluation date this input asks for, if any (a run may override it). */
    Optional<LocalDate> evalDate();

    /** The hash seed this input asks for, if any (a run may override it). */
    OptionalLong hashSeed();

    /**
     * The agent and answer file names the runner would pass the script ({@code agent_name},
     * {@code answer_name}), for an input that has them (a real answer); empty: the audit's own names.
     */
    default Optional<Map.Entry<String, String>> runnerNames() {
        return Optional.empty();
    }
}
