package dev.iolab.upload.transfer.budget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.support.TestProperties;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MemoryBudgetTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @Test
    void reservesWhatFitsAndRefusesWhatDoesNot() {
        MemoryBudget budget = budget("memory-budget.max-bytes=100B", "memory-budget.request-share=1");
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
    void refusesOneRequestMoreThanItsShareEvenWhenTheBudgetIsEmpty() {
        MemoryBudget budget = budget("memory-budget.max-bytes=100B", "memory-budget.request-share=0.25");
        assertThat(budget.maxRequest()).isEqualTo(25);
        assertThat(budget.tryReserve(26)).isEmpty();
        assertThat(budget.used()).isZero();
        MemoryBudget.Reservation quarter = budget.tryReserve(25).orElseThrow();
        assertThat(quarter.bytes()).isEqualTo(25);
    }

    @Test
    void growsAReservationAsLongAsItFitsTheBudgetAndTheShare() {
        MemoryBudget budget =
                budget("memory-budget.max-bytes=100B", "memory-budget.request-share=0.5", "memory-budget.grow-wait=0s");
        MemoryBudget.Reservation growing = budget.tryReserve(10).orElseThrow();
        assertThat(growing.tryGrow(35)).isTrue();
        assertThat(growing.bytes()).isEqualTo(45);
        assertThat(growing.tryGrow(6)).as("beyond one request's share").isFalse();
        assertThat(growing.bytes()).as("a refused growth adds nothing").isEqualTo(45);
        MemoryBudget.Reservation other = budget.tryReserve(50).orElseThrow();
        MemoryBudget.Reservation third = budget.tryReserve(5).orElseThrow();
        assertThat(budget.used()).isEqualTo(100);
        assertThat(growing.tryGrow(1)).as("beyond the budget, within the share").isFalse();
        assertThat(budget.used()).isEqualTo(100);
        other.close();
        third.close();
        assertThat(growing.tryGrow(5)).isTrue();
        assertThat(growing.bytes()).isEqualTo(50);
        growing.close();
        assertThat(budget.used()).isZero();
        assertThat(growing.tryGrow(1)).as("a closed reservation does not grow").isFalse();
        assertThat(budget.used()).isZero();
    }

    @Test
    void theFirstGrowthThatFindsTheBudgetFullWaitsForTheBytesOthersGiveBack() throws Exception {
        MemoryBudget budget = budget("memory-budget.max-bytes=100B", "memory-budget.request-share=1");
        MemoryBudget.Reservation first = budget.tryReserve(50).orElseThrow();
        MemoryBudget.Reservation second = budget.tryReserve(50).orElseThrow();
        try (ExecutorService uploads = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Boolean> firstGrows = uploads.submit(() -> first.tryGrow(30));
            await().atMost(Duration.ofSeconds(10)).until(budget::hasWaiter);

            assertThat(second.tryGrow(1)).as("another growth, while one waits").isFalse();
            assertThat(budget.tryReserve(1))
                    .as("a new reservation, while one waits")
                    .isEmpty();
            second.close();
            assertThat(firstGrows.get(10, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(first.bytes()).isEqualTo(80);
        assertThat(budget.used()).isEqualTo(80);
        assertThat(budget.hasWaiter()).isFalse();
    }

    @Test
    void aNewReservationMayNotTakeTheBytesAWaitingGrowthWaitsFor() throws Exception {
        MemoryBudget budget = budget("memory-budget.max-bytes=100B", "memory-budget.request-share=1");
        MemoryBudget.Reservation waiting = budget.tryReserve(50).orElseThrow();
        MemoryBudget.Reservation other = budget.tryReserve(40).orElseThrow();
        try (ExecutorService uploads = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Boolean> grows = uploads.submit(() -> waiting.tryGrow(20));
            await().atMost(Duration.ofSeconds(10)).until(budget::hasWaiter);
            assertThat(budget.tryReserve(10))
                    .as("fits alone, not beside the 20 waited for")
                    .isEmpty();
            other.close();
            assertThat(grows.get(10, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(budget.tryReserve(30))
                .as("the rest, once the waiting growth has its bytes")
                .isPresent();
    }

    @Test
    void aGrowthWaitsNoLongerThanGrowWaitAndThenGivesUp() {
        MemoryBudget budget =
                budget("memory-budget.max-bytes=100B", "memory-budget.request-share=1", "memory-budget.grow-wait=50ms");
        MemoryBudget.Reservation all = budget.tryReserve(100).orElseThrow();
        assertThat(all.tryGrow(1)).isFalse();
        assertThat(budget.hasWaiter()).isFalse();
        assertThat(budget.used()).isEqualTo(100);
    }

    @Test
    void closingAReservationGivesItsBytesBackOnce() {
        MemoryBudget budget = budget("memory-budget.max-bytes=100B", "memory-budget.request-share=1");
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
        assertThat(huge.tryGrow(1_000)).isTrue();
        assertThat(budget.used()).isEqualTo(3_000);
        huge.close();
        assertThat(budget.used()).isEqualTo(1_000);
    }

    @Test
    void defaultsToHalfOfTheMaximumHeapAndAQuarterOfThatPerRequest() {
        MemoryBudget budget = budget();
        assertThat(budget.max()).isEqualTo(Runtime.getRuntime().maxMemory() / 2);
        assertThat(budget.maxRequest()).isEqualTo(budget.max() / 4);
    }

    @Test
    void refusesAShareOutsideZeroToOne() {
        assertThatIllegalStateException().isThrownBy(() -> budget("memory-budget.request-share=0"));
        assertThatIllegalStateException().isThrownBy(() -> budget("memory-budget.request-share=1.5"));
    }

    @Test
    void publishesWhatIsUsedAndTheMaximumAsGauges() {
        MemoryBudget budget = budget("memory-budget.max-bytes=1KB", "memory-budget.request-share=1");
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
        return new MemoryBudget(TestProperties.with(settings).bind(MemoryBudgetProperties.class), registry);
    }
}
