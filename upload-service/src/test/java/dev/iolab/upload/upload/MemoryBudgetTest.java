package dev.iolab.upload.upload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.iolab.upload.metrics.UploadMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

class MemoryBudgetTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @Test
    void reservesWhatFitsAndRefusesWhatDoesNot() {
        MemoryBudget budget = budget("memory-budget.max-bytes=100B");
        MemoryBudget.Reservation sixty = budget.tryReserve(60).orElseThrow();
        assertThat(budget.tryReserve(41)).isEmpty();
        assertThat(budget.used()).as("a refusal reserves nothing").isEqualTo(60);
        MemoryBudget.Reservation forty = budget.tryReserve(40).orElseThrow();
        assertThat(budget.used()).isEqualTo(100);
        assertThat(budget.tryReserve(1)).isEmpty();
        assertThat(sixty.bytes()).isEqualTo(60);
        assertThat(forty.bytes()).isEqualTo(40);
    }

    @Test
    void closingAReservationGivesItsBytesBackOnce() {
        MemoryBudget budget = budget("memory-budget.max-bytes=100B");
        MemoryBudget.Reservation first = budget.tryReserve(70).orElseThrow();
        MemoryBudget.Reservation second = budget.tryReserve(30).orElseThrow();
        first.close();
        first.close();
        assertThat(first.bytes()).isZero();
        assertThat(budget.used()).isEqualTo(30);
        try (MemoryBudget.Reservation third = budget.tryReserve(70).orElseThrow()) {
            assertThat(budget.used()).isEqualTo(100);
        }
        second.close();
        assertThat(budget.used()).isZero();
    }

    @Test
    void aDisabledBudgetAdmitsEverythingAndStillCountsIt() {
        MemoryBudget budget = budget("memory-budget.enabled=false", "memory-budget.max-bytes=100B");
        MemoryBudget.Reservation huge = budget.tryReserve(1_000).orElseThrow();
        assertThat(budget.tryReserve(1_000)).isPresent();
        assertThat(budget.used()).isEqualTo(2_000);
        huge.close();
        assertThat(budget.used()).isEqualTo(1_000);
    }

    @Test
    void defaultsToHalfOfTheMaximumHeap() {
        assertThat(budget().max()).isEqualTo(Runtime.getRuntime().maxMemory() / 2);
    }

    @Test
    void publishesWhatIsUsedAndTheMaximumAsGauges() {
        MemoryBudget budget = budget("memory-budget.max-bytes=1KB");
        budget.tryReserve(300).orElseThrow();
        assertThat(registry.get("iolab.upload.memory.budget.used").gauge().value())
                .isEqualTo(300);
        assertThat(registry.get("iolab.upload.memory.budget.max").gauge().value())
                .isEqualTo(1024);
    }

    @Test
    void refusesANegativeReservation() {
        assertThatIllegalArgumentException().isThrownBy(() -> budget().tryReserve(-1));
    }

    private MemoryBudget budget(String... settings) {
        return new MemoryBudget(TestProperties.with(settings), new UploadMetrics(registry));
    }
}
