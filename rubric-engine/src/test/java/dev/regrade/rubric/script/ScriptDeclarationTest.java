package dev.regrade.rubric.script;

import dev.regrade.api.Variant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.template.Template;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScriptDeclarationTest {
    record Names(List<String> names) {
    }

    record Station(String name, String city) {
    }

    private static final Variant LAST = new Variant("instructors-last");
    private static final ScriptDeclaration DECLARATION = new ScriptDeclaration("demo",
            List.of(Variant.RELEASED, Variant.FIXED, LAST),
            new DeclaredExtraction(Names.class, "found_stations", "lines"),
            new DeclaredExtraction(Station.class, "station_*_details"));

    @Test
    void parsesItsVariantNamesAndRejectsOthersNamingTheVariantsItHas() {
        assertSame(Variant.RELEASED, DECLARATION.variant("released"));
        assertEquals(LAST, DECLARATION.variant("instructors-last"));
        assertEquals(List.of("released", "fixed", "instructors-last"), DECLARATION.variantNames());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DECLARATION.variant("instructors_last"));
        assertEquals("script demo has no variant 'instructors_last' (variants: released, fixed, instructors-last)",
                e.getMessage());
    }

    @Test
    void variantsKnowTheirRole() {
        assertTrue(Variant.RELEASED.isReleased());
        assertFalse(Variant.RELEASED.isFixed());
        assertTrue(new Variant("fixed").isFixed());
        assertFalse(LAST.isFixed());
        assertFalse(LAST.isReleased());
        assertEquals("fixed", Variant.FIXED.toString());
        assertThrows(IllegalArgumentException.class, () -> new Variant(" "));
    }

    @Test
    void aGlobStandsForAnyTextAndAnExactNameForItself() {
        DeclaredExtraction stations = new DeclaredExtraction(Station.class, "station_*_details", "*_station", "depot");
        assertTrue(DeclaredExtraction.isGlob("station_*_details"));
        assertFalse(DeclaredExtraction.isGlob("depot"));
        assertEquals(Optional.of("station_*_details"), stations.covering("station_0_details"));
        assertEquals(Optional.of("station_*_details"), stations.covering("station_12_details"));
        assertEquals(Optional.of("station_*_details"), stations.covering("station__details"));
        assertEquals(Optional.of("*_station"), stations.covering("last_station"));
        assertEquals(Optional.of("depot"), stations.covering("depot"));
        assertEquals(Optional.empty(), stations.covering("station_0_detail"));
        assertEquals(Optional.empty(), stations.covering("xstation_0_details"));
        assertEquals(Optional.empty(), stations.covering("depots"));
        DeclaredExtraction regexChars = new DeclaredExtraction(Names.class, "book_detail_*(2nd)");
        assertTrue(regexChars.covering("book_detail_A.I. (2nd)").isPresent());
        assertFalse(regexChars.covering("book_detail_A.I. 2nd").isPresent());
        assertThrows(IllegalArgumentException.class, () -> new DeclaredExtraction(Names.class, "**"));
        assertThrows(IllegalArgumentException.class, () -> new DeclaredExtraction(Names.class));
    }

    @Test
    void findsTheDeclarationOfAnExtractionName() {
        assertEquals(Optional.of(DECLARATION.extractions().get(1)), DECLARATION.extraction("station_3_details"));
        assertEquals(Optional.of(DECLARATION.extractions().get(0)), DECLARATION.extraction("lines"));
        assertEquals(Optional.empty(), DECLARATION.extraction("station_names"));
        assertEquals(List.of("found_stations", "lines", "station_*_details"), DECLARATION.extractionNames());
    }

    @Test
    void saysWhatARequestDoesNotShareWithTheDeclaration() {
        assertEquals(Optional.empty(), DECLARATION.problemWith(request("station_2_details", Station.class)));
        assertEquals(Optional.of("demo: extraction stations is not declared"),
                DECLARATION.problemWith(request("stations", Station.class)));
        assertEquals(Optional.of("demo: extraction station_2_details is declared (station_*_details) with template"
                + " Station, requested with Names"), DECLARATION.problemWith(request("station_2_details", Names.class)));
    }

    @Test
    void rejectsAnIllFormedDeclaration() {
        assertThrows(IllegalArgumentException.class, () -> new ScriptDeclaration("x", List.of(Variant.RELEASED)));
        assertThrows(IllegalArgumentException.class,
                () -> new ScriptDeclaration("x", List.of(Variant.FIXED, Variant.RELEASED)));
        assertThrows(IllegalArgumentException.class,
                () -> new ScriptDeclaration("x", List.of(Variant.RELEASED, Variant.FIXED, new Variant("fixed"))));
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> new ScriptDeclaration("x", Variant.RELEASED_AND_FIXED,
                        new DeclaredExtraction(Names.class, "a"), new DeclaredExtraction(Station.class, "b", "a")));
        assertEquals("x: extraction a is declared twice", twice.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ScriptDeclaration("x", Variant.RELEASED_AND_FIXED,
                new DeclaredExtraction(Names.class, "a"), new DeclaredExtraction(Names.class, "b")));
        IllegalArgumentException covered = assertThrows(IllegalArgumentException.class,
                () -> new ScriptDeclaration("x", Variant.RELEASED_AND_FIXED,
                        new DeclaredExtraction(Station.class, "*_extraction"),
                        new DeclaredExtraction(Names.class, "total_price_extraction")));
        assertEquals("x: extraction total_price_extraction is also covered by *_extraction", covered.getMessage());
    }

    @Test
    void aScriptRunsItsBodyWithTheParsedVariant() {
        List<Variant> seen = new ArrayList<>();
        RubricScript script = new RubricScript(DECLARATION, (evaluator, variant) -> seen.add(variant));
        Evaluator evaluator = new Evaluator(EvaluationContext.of("answer"));
        script.evaluate(evaluator, "instructors-last");
        script.evaluate(evaluator, "released");
        assertEquals(List.of(LAST, Variant.RELEASED), seen);
        assertEquals("demo", script.name());
        assertEquals(DECLARATION.variantNames(), script.variantNames());
        assertThrows(IllegalArgumentException.class, () -> script.evaluate(evaluator, "Fixed"));
        assertEquals(2, seen.size());
    }

    private static ExtractionRequest request(String name, Class<? extends Record> template) {
        Template<?> t = Template.of(template);
        return new ExtractionRequest(name, t.name(), t.jsonSchema(), "prompt", null, List.of(), false);
    }
}
