package dev.regrade.rubric.script;

import dev.regrade.api.Variant;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.template.Template;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a ported script declares once: its task id, its variants and every extraction it can request.
 * Variant names given by a user are parsed here, and only here; inputs (fixtures) can be checked
 * against the extractions.
 *
 * @param taskId      the original script's file name, e.g. {@code gas_stations}
 * @param variants    {@link Variant#RELEASED} first, then {@link Variant#FIXED}, then any alternatives
 * @param extractions each template the script extracts into, once, with its names and globs (no name
 *                    declared twice, no glob covering a declared name)
 */
public record ScriptDeclaration(String taskId, List<Variant> variants, List<DeclaredExtraction> extractions) {
    public ScriptDeclaration {
        Objects.requireNonNull(taskId, "taskId");
        variants = List.copyOf(variants);
        extractions = List.copyOf(extractions);
        if (variants.size() < 2 || !variants.get(0).isReleased() || !variants.get(1).isFixed()) {
            throw new IllegalArgumentException(taskId + ": the variants must start with released, fixed: " + variants);
        }
        if (new HashSet<>(variants).size() != variants.size()) {
            throw new IllegalArgumentException(taskId + ": a variant is declared twice: " + variants);
        }
        Set<Class<?>> templates = new HashSet<>();
        List<String> names = new ArrayList<>();
        for (DeclaredExtraction e : extractions) {
            if (!templates.add(e.template())) {
                throw new IllegalArgumentException(taskId + ": template " + e.template().getSimpleName()
                        + " is declared twice");
            }
            names.addAll(e.names());
        }
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            if (names.indexOf(name) != i) {
                throw new IllegalArgumentException(taskId + ": extraction " + name + " is declared twice");
            }
            for (String glob : names) {
                if (DeclaredExtraction.isGlob(glob) && !DeclaredExtraction.isGlob(name)
                        && DeclaredExtraction.matches(glob, name)) {
                    throw new IllegalArgumentException(taskId + ": extraction " + name + " is also covered by " + glob);
                }
            }
        }
    }

    /** The declaration with its extractions listed in place. */
    public ScriptDeclaration(String taskId, List<Variant> variants, DeclaredExtraction... extractions) {
        this(taskId, variants, List.of(extractions));
    }

    /**
     * The variant of that name.
     *
     * @throws IllegalArgumentException naming the variants the script has, for a name it does not have
     */
    public Variant variant(String name) {
        for (Variant v : variants) {
            if (v.name().equals(name)) {
                return v;
            }
        }
        throw new IllegalArgumentException("script " + taskId + " has no variant '" + name + "' (variants: "
                + String.join(", ", variantNames()) + ")");
    }

    /** The variant names, in declaration order. */
    public List<String> variantNames() {
        List<String> out = new ArrayList<>(variants.size());
        variants.forEach(v -> out.add(v.name()));
        return out;
    }

    /** Every declared extraction name and glob, in declaration order. */
    public List<String> extractionNames() {
        List<String> out = new ArrayList<>();
        extractions.forEach(e -> out.addAll(e.names()));
        return out;
    }

    /** The declaration an extraction name falls under (a name or glob of its covers it), if any. */
    public Optional<DeclaredExtraction> extraction(String extractionName) {
        return extractions.stream().filter(e -> e.covering(extractionName).isPresent()).findFirst();
    }

    /**
     * What a request the script made does not share with this declaration: its name is not declared,
     * or it was parsed into another template than the declared one (its name or its JSON schema
     * differs). Empty when the declaration covers it.
     */
    public Optional<String> problemWith(ExtractionRequest request) {
        Optional<DeclaredExtraction> declared = extraction(request.extractionName());
        if (declared.isEmpty()) {
            return Optional.of(taskId + ": extraction " + request.extractionName() + " is not declared");
        }
        Template<?> template = Template.of(declared.get().template());
        if (!template.name().equals(request.schemaName()) || !template.jsonSchema().equals(request.schema())) {
            return Optional.of(taskId + ": extraction " + request.extractionName() + " is declared ("
                    + declared.get().covering(request.extractionName()).orElseThrow() + ") with template "
                    + template.name() + ", requested with " + request.schemaName());
        }
        return Optional.empty();
    }
}
