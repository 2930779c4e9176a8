package dev.regrade.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ValuesTest {
    @Test
    void theWellKnownVariants() {
        assertTrue(new Variant("released").isReleased());
        assertTrue(new Variant("fixed").isFixed());
        assertFalse(new Variant("instructors-last").isFixed());
        assertEquals(List.of(Variant.RELEASED, Variant.FIXED), Variant.RELEASED_AND_FIXED);
        assertThrows(IllegalArgumentException.class, () -> new Variant(" "));
        assertEquals("fixed", Variant.FIXED.toString());
    }

    @Test
    void anInputCarriesSortedParametersResourcesAndWarnings() {
        List<String> warned = new ArrayList<>();
        Input in = Input.of(Variant.FIXED).withParameter("predictions", "p.jsonl").withParameter("golden", "g.jsonl")
                .withParameter("absent", null).withResource(42).withResource("text").withArguments(List.of("--x"))
                .withWarnings(warned::add);
        assertEquals(List.of("golden", "predictions"), List.copyOf(in.parameters().keySet()));
        assertEquals("g.jsonl", in.requiredParameter("golden"));
        assertEquals(Optional.empty(), in.parameter("absent"));
        assertEquals("missing parameter 'output'",
                assertThrows(IllegalArgumentException.class, () -> in.requiredParameter("output")).getMessage());
        assertEquals(Optional.of(42), in.resource(Integer.class));
        assertEquals(Optional.of("text"), in.resource(CharSequence.class));
        assertEquals(Optional.empty(), in.resource(Console.class));
        assertEquals(List.of("--x"), in.arguments());
        in.warnings().accept("w");
        assertEquals(List.of("w"), warned);
        assertThrows(UnsupportedOperationException.class, () -> in.parameters().put("k", "v"));
    }

    @Test
    void aResultIsSuccessfulOrFailedWithItsMessage() {
        Result ok = Result.successful(JsonNodeFactory.instance.objectNode());
        assertEquals(Result.Status.SUCCESSFUL, ok.status());
        assertEquals(Optional.empty(), ok.failure());
        Result failed = Result.failed("KeyError: 'x'", JsonNodeFactory.instance.objectNode());
        assertEquals(Result.Status.FAILED, failed.status());
        assertEquals(Optional.of("KeyError: 'x'"), failed.failure());
        assertThrows(IllegalArgumentException.class,
                () -> new Result.Value(Result.Status.FAILED, JsonNodeFactory.instance.objectNode(), null));
    }
}
