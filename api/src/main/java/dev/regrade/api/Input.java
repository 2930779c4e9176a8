package dev.regrade.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * What a {@link Subject} runs on, in the style of the JUnit Platform's execution request: the variant,
 * named string parameters (as configuration parameters are), a command line for a subject that parses
 * its own, the resources the driver hands over (an evaluator, streams), and where warnings go.
 * Which of these a subject reads is in its {@link Subject#inputs()}.
 *
 * @param variant    the variant to run (one of the subject's)
 * @param parameters named values, e.g. {@code golden} → a file name; sorted by key
 * @param arguments  a command line, for a subject that parses its own flags
 * @param resources  objects the driver hands over, looked up by type ({@link #resource})
 * @param warnings   receives each warning the original would print, as it happens
 */
public record Input(Variant variant, Map<String, String> parameters, List<String> arguments, List<Object> resources,
                    Consumer<String> warnings) {
    public Input {
        Objects.requireNonNull(variant, "variant");
        parameters = Collections.unmodifiableMap(new TreeMap<>(parameters));
        arguments = List.copyOf(arguments);
        resources = List.copyOf(resources);
        Objects.requireNonNull(warnings, "warnings");
    }

    /** The variant alone: no parameters, arguments or resources, warnings dropped. */
    public static Input of(Variant variant) {
        return new Input(variant, Map.of(), List.of(), List.of(), w -> { });
    }

    /** This input with one more parameter (a null value leaves the parameter out). */
    public Input withParameter(String key, String value) {
        if (value == null) {
            return this;
        }
        Map<String, String> p = new TreeMap<>(parameters);
        p.put(key, value);
        return new Input(variant, p, arguments, resources, warnings);
    }

    /** This input with that command line. */
    public Input withArguments(List<String> args) {
        return new Input(variant, parameters, args, resources, warnings);
    }

    /** This input with one more resource. */
    public Input withResource(Object resource) {
        List<Object> r = new ArrayList<>(resources);
        r.add(Objects.requireNonNull(resource, "resource"));
        return new Input(variant, parameters, arguments, r, warnings);
    }

    /** This input with warnings going to {@code sink}. */
    public Input withWarnings(Consumer<String> sink) {
        return new Input(variant, parameters, arguments, resources, sink);
    }

    /** The parameter's value, if given. */
    public Optional<String> parameter(String key) {
        return Optional.ofNullable(parameters.get(key));
    }

    /**
     * The parameter's value.
     *
     * @throws IllegalArgumentException when it is not given
     */
    public String requiredParameter(String key) {
        String v = parameters.get(key);
        if (v == null) {
            throw new IllegalArgumentException("missing parameter '" + key + "'");
        }
        return v;
    }

    /** The first resource of that type, if any. */
    public <T> Optional<T> resource(Class<T> type) {
        return resources.stream().filter(type::isInstance).map(type::cast).findFirst();
    }
}
