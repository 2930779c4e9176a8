package dev.regrade.policies;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.MapsTool;
import dev.regrade.rubric.port.VerdictRules;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A synthetic answer policy: answers any extraction from its JSON schema alone ({@link SchemaAnswers}),
 * with values derived from the script, the field name and the position, so that any script runs with no
 * hand-made input. Subclasses choose the list length, whether fields are filled, and the judge.
 */
public abstract class Policy implements World {
    private final String name;
    private final String description;

    protected Policy(String name, String description) {
        this.name = name;
        this.description = description;
    }

    /** Elements per list; 0 for empty lists. */
    protected abstract int listLength();

    /** Whether scalar fields get values (false: every scalar is null). */
    protected abstract boolean fillFields();

    @Override
    public final String kind() {
        return "policy";
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public String answer(String script) {
        return "Synthetic answer of the '" + name + "' policy for the task " + script + ".";
    }

    @Override
    public Extractor extractor(String script) {
        return request -> answer(script, request);
    }

    /** The record this policy gives for one extraction request: derived from its schema alone. */
    public JsonNode answer(String script, ExtractionRequest request) {
        return schemaAnswers().answer(request.schema(), script, request.extractionName());
    }

    /** How this policy answers any JSON schema (its list length, filled or null scalars). */
    public SchemaAnswers schemaAnswers() {
        return new SchemaAnswers(listLength(), fillFields());
    }

    @Override
    public VerdictRules verdictRules() {
        return VerdictRules.accept();
    }

    @Override
    public Map<String, String> pages() {
        return Map.of();
    }

    @Override
    public List<String> missingPages() {
        return List.of();
    }

    /**
     * Distances for every pair of addresses, deterministic per pair and direction-free: 300 to
     * 480 miles, in metres as the original's Directions API returns them.
     */
    @Override
    public MapsTool maps(String script) {
        return (a, b, mode) -> {
            String key = a.compareTo(b) <= 0 ? a + "\u0000" + b : b + "\u0000" + a;
            int miles = 300 + Values.bucket(key, 181);
            return (int) Math.round(miles * 1609.34);
        };
    }

    @Override
    public Optional<LocalDate> evalDate() {
        return Optional.empty();
    }

    @Override
    public OptionalLong hashSeed() {
        return OptionalLong.empty();
    }
}
