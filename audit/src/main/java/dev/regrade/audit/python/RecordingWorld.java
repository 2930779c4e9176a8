package dev.regrade.audit.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.policies.World;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.MapsTool;
import dev.regrade.rubric.port.VerdictRules;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A world that answers as another one does and records what a run asked of it: every extraction
 * request with the answer it got, and every distance asked of the maps tool with its reply. The
 * fixture tools read it: {@link FixtureProbe} for the names and schemas a script requests,
 * {@link FixtureInit} for the fixture that reproduces a run. Thread-safe.
 */
final class RecordingWorld implements World {
    /** One extraction request and the record (or malformed reply) it was answered with. */
    record Extraction(ExtractionRequest request, JsonNode answer) {
    }

    /** One distance asked of the maps tool and what it answered (metres, or {@link MapsTool#NOT_FOUND}). */
    record Distance(String from, String to, Object reply) {
    }

    private final World world;
    private final List<Extraction> extractions = new ArrayList<>();
    private final List<Distance> distances = new ArrayList<>();

    RecordingWorld(World world) {
        this.world = world;
    }

    /** The extraction requests so far, in arrival order. */
    synchronized List<Extraction> extractions() {
        return List.copyOf(extractions);
    }

    /** The distances asked so far, in order. */
    synchronized List<Distance> distances() {
        return List.copyOf(distances);
    }

    @Override
    public String kind() {
        return world.kind();
    }

    @Override
    public String name() {
        return world.name();
    }

    @Override
    public String description() {
        return world.description();
    }

    @Override
    public String answer(String script) {
        return world.answer(script);
    }

    @Override
    public Extractor extractor(String script) {
        Extractor inner = world.extractor(script);
        return request -> {
            JsonNode answer = inner.extract(request);
            synchronized (this) {
                extractions.add(new Extraction(request, answer == null ? null : answer.deepCopy()));
            }
            return answer;
        };
    }

    @Override
    public VerdictRules verdictRules() {
        return world.verdictRules();
    }

    @Override
    public Map<String, String> pages() {
        return world.pages();
    }

    @Override
    public List<String> missingPages() {
        return world.missingPages();
    }

    @Override
    public MapsTool maps(String script) {
        MapsTool inner = world.maps(script);
        return (a, b, mode) -> {
            Object reply = inner.calculateDistance(a, b, mode);
            synchronized (this) {
                distances.add(new Distance(a, b, reply));
            }
            return reply;
        };
    }

    @Override
    public Optional<LocalDate> evalDate() {
        return world.evalDate();
    }

    @Override
    public OptionalLong hashSeed() {
        return world.hashSeed();
    }
}
