package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.regrade.api.Subject;
import dev.regrade.api.Subjects;
import dev.regrade.api.Variant;
import dev.regrade.rubric.script.RubricScripts;
import dev.regrade.rubric.script.ScriptSubject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The jar's class path holds exactly the fifteen subjects, found through ServiceLoader alone. */
class SubjectDiscoveryTest {
    private static final List<String> RF = List.of("released", "fixed");

    @Test
    void serviceLoaderFindsTheElevenScriptsTheThreeWearableScorersAndVerEvalWithTheirVariants() {
        Map<String, List<String>> expected = new LinkedHashMap<>();
        expected.put("active_stock", RF);
        expected.put("baltimore_marc_station", RF);
        expected.put("best_selling_foundations", RF);
        expected.put("convqa", RF);
        expected.put("county_AQI", RF);
        expected.put("drone_delivery", RF);
        expected.put("gas_stations", RF);
        expected.put("ikea_shopping_list", RF);
        expected.put("ingredient_safety", RF);
        expected.put("longqa", RF);
        expected.put("paper_collaboration", RF);
        expected.put("popular_ai_books", RF);
        expected.put("proactive", RF);
        expected.put("rl_course_book", List.of("released", "fixed", "instructors-last"));
        expected.put("vereval", List.of("released"));

        Subjects fresh = Subjects.load(SubjectDiscoveryTest.class.getClassLoader());
        Map<String, List<String>> found = new LinkedHashMap<>();
        for (Subject s : fresh.all()) {
            found.put(s.name(), s.variants().stream().map(Variant::name).toList());
            assertFalse(s.inputs().isBlank(), s.name());
            assertEquals(s.variants().get(0), Variant.RELEASED, s.name());
        }
        assertEquals(expected, found);
        assertEquals(fresh.names(), Subjects.installed().names());
    }

    @Test
    void theScriptsAreTheScriptSubjectsInNameOrder() {
        List<String> scripts = Subjects.installed().names(ScriptSubject.class);
        assertEquals(11, scripts.size());
        assertEquals(scripts, RubricScripts.names());
        assertEquals(scripts, RubricScripts.all().stream().map(s -> s.name()).toList());
        assertEquals("rl_course_book", RubricScripts.byName("rl_course_book").orElseThrow().name());
        assertFalse(RubricScripts.byName("longqa").isPresent(), "a wearable scorer is not a script");
    }

    @Test
    void aMisspeltSubjectIsNamedWithTheCloseOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Subjects.installed().get("long_qa"));
        assertEquals("unknown subject 'long_qa' (known: " + String.join(", ", Subjects.installed().names())
                + "); did you mean 'longqa'?", e.getMessage());
    }

    @Test
    void aVariantASubjectDoesNotHaveIsNamedWithItsVariants() {
        assertEquals("script gas_stations has no variant 'instructors-last' (variants: released, fixed)",
                assertThrows(IllegalArgumentException.class,
                        () -> Subjects.installed().get("gas_stations").variant("instructors-last")).getMessage());
        assertEquals("vereval has no variant 'fixed' (variants: released)",
                assertThrows(IllegalArgumentException.class,
                        () -> Subjects.installed().get("vereval").variant("fixed")).getMessage());
    }
}
