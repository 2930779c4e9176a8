package dev.regrade.scripts.v2025_10_23;

import dev.regrade.rubric.script.RubricScripts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.script.RubricScript;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Each script's declaration against what the script does on every golden case (all its variants):
 * every extraction it requests is declared, by name or glob, with the template it was parsed into;
 * and every declared name or glob is requested by some case, so no declaration is dead. The approval
 * inputs are checked the same way in the audit module ({@code DeclaredExtractionsSnapshotTest}).
 */
class DeclaredExtractionsTest {
    /**
     * Declared names no golden case requests, each proven requested by a test of its own here (the
     * approval inputs do not request them either).
     */
    private static final Map<String, Set<String>> NOT_IN_GOLDEN_CASES = Map.of(
            "ingredient_safety", Set.of("ewg_urls_dior")); // see diorsEwgUrlsAreExtractedWhenItsIngredientGivesNone

    @TestFactory
    Stream<DynamicTest> everyGoldenRequestIsDeclaredAndEveryDeclarationIsRequested() {
        return RubricScripts.all().stream().map(script -> DynamicTest.dynamicTest(script.name(), () -> {
            List<Path> files = GoldenReplay.goldenFiles(DeclaredExtractionsTest.class, script.name());
            assertFalse(files.isEmpty(), "golden cases");
            List<String> problems = new ArrayList<>();
            Set<String> variants = new TreeSet<>();
            Set<String> requested = new LinkedHashSet<>();
            for (Path file : files) {
                JsonNode golden = read(file);
                variants.add(golden.get("variant").asText());
                for (ExtractionRequest r : requests(script, golden)) {
                    script.declaration().problemWith(r).ifPresent(p -> problems.add(file.getFileName() + ": " + p));
                    script.declaration().extraction(r.extractionName())
                            .flatMap(d -> d.covering(r.extractionName())).ifPresent(requested::add);
                }
            }
            assertEquals(List.of(), problems, "requests the declaration does not cover");
            assertEquals(new TreeSet<>(script.variantNames()), variants, "variants replayed");
            List<String> unrequested = new ArrayList<>(script.declaration().extractionNames());
            unrequested.removeAll(requested);
            assertEquals(List.copyOf(NOT_IN_GOLDEN_CASES.getOrDefault(script.name(), Set.of())), unrequested,
                    "declared extractions no golden case requests");
        }));
    }

    /**
     * Dior's EWG-URL extraction: the script makes it when Dior's matched ingredient has a name but
     * lists no EWG URL, which none of the recorded cases has; the Chanel and Jo Malone ones are
     * recorded. The recorded case of those two, with Dior's URL taken out, requests it.
     */
    @Test
    void diorsEwgUrlsAreExtractedWhenItsIngredientGivesNone() throws IOException {
        for (String variant : IngredientSafety.SCRIPT.variantNames()) {
            JsonNode golden = read(GoldenReplay.resources(DeclaredExtractionsTest.class, "ingredient_safety", "golden")
                    .resolve(variant + "__url_extraction_and_filters.json"));
            ObjectNode extractions = (ObjectNode) golden.get("extractions");
            JsonNode dior = extractions.get("ingredients").get("ingredients").get(2);
            assertEquals("Dior", dior.get("fragrance_brand").asText());
            ((ObjectNode) dior).putArray("ewg_urls");
            extractions.putObject("ewg_urls_dior").putArray("urls").add("https://www.ewg.org/skindeep/ingredients/1/");

            List<ExtractionRequest> requests = requests(IngredientSafety.SCRIPT, golden);
            List<String> names = requests.stream().map(ExtractionRequest::extractionName).toList();
            assertTrue(names.contains("ewg_urls_dior"), names.toString());
            requests.forEach(r -> assertEquals("", IngredientSafety.SCRIPT.declaration().problemWith(r).orElse("")));
        }
    }

    /** The requests of one golden case, replayed as its script's golden test replays it. */
    private static List<ExtractionRequest> requests(RubricScript script, JsonNode golden) {
        if (script == GasStations.SCRIPT) { // the only replay with a maps tool
            return GasStationsGoldenTest.replay(golden).extractionRequests;
        }
        return GoldenReplay.replay(script, golden).extractionRequests();
    }

    /** A golden case as Python wrote it (NaN and Infinity included). */
    private static JsonNode read(Path file) throws IOException {
        return JsonFiles.parse(Files.readString(file, StandardCharsets.UTF_8));
    }
}
