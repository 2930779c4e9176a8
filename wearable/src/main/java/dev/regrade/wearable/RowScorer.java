package dev.regrade.wearable;

import dev.regrade.api.Variant;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What the three scorers share: the variant they score as (released or fixed, the only two the
 * originals have) and where the original's printed warnings go.
 */
abstract class RowScorer {
    final Variant variant;
    final Consumer<String> warn;

    RowScorer(Variant variant, Consumer<String> warnings) {
        this.variant = WearableSubject.releasedOrFixed(variant);
        this.warn = Objects.requireNonNull(warnings);
    }
}
