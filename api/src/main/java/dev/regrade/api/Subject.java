package dev.regrade.api;

import java.util.ArrayList;
import java.util.List;

/**
 * Something Regrade re-scores: a ported evaluation script or scorer, with its variants, run on an
 * input to a result document. Implementations are found through {@link java.util.ServiceLoader}
 * (each module lists its own in {@code META-INF/services/dev.regrade.api.Subject}; see
 * {@link Subjects}), so that the drivers know the contract and never a concrete registry, as the JUnit
 * Platform's launcher knows its engines only as {@code TestEngine}s.
 *
 * <p>A provider is instantiated whenever the subjects are looked up: its constructor must be cheap
 * (no class of the subject's own initialised before {@link #variants()} or {@link #run} is called).
 */
public interface Subject {
    /** The unique name, e.g. {@code gas_stations} or {@code longqa}: the one users type. */
    String name();

    /**
     * The variants: {@link Variant#RELEASED} first, then {@link Variant#FIXED} where the original has a
     * fix, then any alternatives.
     */
    List<Variant> variants();

    /** For people: what {@link #run} accepts (its parameters, arguments and resources) and what it returns. */
    String inputs();

    /**
     * Runs one variant on one input.
     *
     * @return the result document; {@link Result.Status#FAILED} when the original raises on this input
     * @throws IllegalArgumentException for an input this subject does not accept (a missing parameter, a
     *                                  variant it does not have)
     */
    Result run(Input input);

    /**
     * The variant of that name.
     *
     * @throws IllegalArgumentException naming the variants this subject has, for a name it does not have
     */
    default Variant variant(String name) {
        List<String> names = new ArrayList<>();
        for (Variant v : variants()) {
            if (v.name().equals(name)) {
                return v;
            }
            names.add(v.name());
        }
        throw new IllegalArgumentException(name() + " has no variant '" + name + "' (variants: "
                + String.join(", ", names) + ")");
    }
}
