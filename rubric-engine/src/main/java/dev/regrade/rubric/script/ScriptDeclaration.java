package dev.regrade.rubric.script;

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
 * @param extractions every extraction the script can request, by name or glob (no glob covering a declared name)
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
        Set<String> names = new HashSet<>();
        for (DeclaredExtraction e : extractions) {
            if (!names.add(e.name())) {
                throw new IllegalArgumentException(taskId + ": extraction " + e.name() + " is declared twice");
            }
        }
        for (DeclaredExtraction glob : extractions) {
            for (DeclaredExtraction e : extractions) {
                if (glob.isPattern() && !e.isPattern() && glob.matches(e.name())) {
                    throw new IllegalArgumentException(taskId + ": extraction " + e.name() + " is also covered by "
                            + glob.name());
                }
            }
        }
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

    /** The declaration an extraction name falls under (its exact name, or the first glob covering it), if any. */
    public Optional<DeclaredExtraction> extraction(String extractionName) {
        return extractions.stream().filter(e -> e.matches(extractionName)).findFirst();
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
            return Optional.of(taskId + ": extraction " + request.extractionName() + " is declared as "
                    + declared.get().name() + " with template " + template.name() + ", requested with "
                    + request.schemaName());
        }
        return Optional.empty();
    }
}
