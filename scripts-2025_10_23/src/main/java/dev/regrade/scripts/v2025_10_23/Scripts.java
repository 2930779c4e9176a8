package dev.regrade.scripts.v2025_10_23;

import dev.regrade.rubric.script.RubricScript;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** The registry of ported scripts of the 2025_10_23 release, in name order. */
public final class Scripts {
    private static final List<RubricScript> ALL;

    static {
        List<RubricScript> list = new ArrayList<>(List.of(
                ActiveStock.SCRIPT,
                BaltimoreMarcStation.SCRIPT,
                BestSellingFoundations.SCRIPT,
                CountyAqi.SCRIPT,
                DroneDelivery.SCRIPT,
                GasStations.SCRIPT,
                IkeaShoppingList.SCRIPT,
                IngredientSafety.SCRIPT,
                PaperCollaboration.SCRIPT,
                PopularAiBooks.SCRIPT,
                RlCourseBook.SCRIPT
        ));
        list.sort(Comparator.comparing(RubricScript::name));
        ALL = List.copyOf(list);
    }

    private Scripts() {
    }

    /** Every ported script, sorted by name. */
    public static List<RubricScript> all() {
        return ALL;
    }

    /** The script of that name, if ported. */
    public static Optional<RubricScript> byName(String name) {
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** The names of every ported script, sorted. */
    public static List<String> names() {
        return ALL.stream().map(RubricScript::name).toList();
    }
}
