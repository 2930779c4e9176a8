package dev.regrade.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SubjectsTest {
    /** A subject that only has a name and variants. */
    record Named(String name, List<Variant> variants) implements Subject {
        Named(String name) {
            this(name, Variant.RELEASED_AND_FIXED);
        }

        @Override
        public String inputs() {
            return "nothing";
        }

        @Override
        public Result run(Input input) {
            return Result.successful(JsonNodeFactory.instance.objectNode().put("variant", variant(input.variant()
                    .name()).name()));
        }
    }

    private static final Subjects SOME = Subjects.of(List.of(new Named("longqa"), new Named("gas_stations"),
            new Named("convqa"), new Named("county_AQI"), new Named("proactive")));

    @Test
    void subjectsAreSortedByNameWhateverOrderTheyCameIn() {
        assertEquals(List.of("convqa", "county_AQI", "gas_stations", "longqa", "proactive"), SOME.names());
        List<Subject> reversed = new ArrayList<>(SOME.all());
        Collections.reverse(reversed);
        assertEquals(SOME.names(), Subjects.of(reversed).names());
    }

    @Test
    void anUnknownNameNamesTheKnownOnesAndTheCloseOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SOME.get("gas_station"));
        assertEquals("unknown subject 'gas_station' (known: convqa, county_AQI, gas_stations, longqa, proactive); "
                + "did you mean 'gas_stations'?", e.getMessage());
    }

    @Test
    void aFarOrAmbiguousNameGetsNoSuggestion() {
        assertEquals("unknown subject 'vereval' (known: convqa, county_AQI, gas_stations, longqa, proactive)",
                assertThrows(IllegalArgumentException.class, () -> SOME.get("vereval")).getMessage());
        // "ab" is one edit from both "aa" and "bb": no guess between them.
        assertEquals(Optional.empty(), DidYouMean.closest("ab", List.of("aa", "bb")));
        assertEquals(Optional.of("county_AQI"), DidYouMean.closest("COUNTY_aqi", SOME.names()));
    }

    @Test
    void twoSubjectsOfOneNameAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Subjects.of(List.of(new Named("longqa"), new Named("longqa"))));
        assertTrue(e.getMessage().startsWith("two subjects are named 'longqa'"), e.getMessage());
    }

    @Test
    void findAndTypedViews() {
        assertEquals("longqa", SOME.find("longqa").orElseThrow().name());
        assertEquals(Optional.empty(), SOME.find("LONGQA"));
        assertEquals(5, SOME.all(Named.class).size());
        assertEquals(List.of(), SOME.names(String.class));
    }

    @Test
    void anUnknownVariantNamesTheSubjectsVariants() {
        Subject s = SOME.get("longqa");
        assertEquals(Variant.FIXED, s.variant("fixed"));
        assertEquals("longqa has no variant 'FIXED' (variants: released, fixed)",
                assertThrows(IllegalArgumentException.class, () -> s.variant("FIXED")).getMessage());
        assertEquals("fixed", s.run(Input.of(Variant.FIXED)).document().get("variant").textValue());
    }

    @Test
    void levenshteinDistance() {
        assertEquals(0, DidYouMean.distance("", ""));
        assertEquals(3, DidYouMean.distance("kitten", "sitting"));
        assertEquals(4, DidYouMean.distance("", "abcd"));
    }
}
