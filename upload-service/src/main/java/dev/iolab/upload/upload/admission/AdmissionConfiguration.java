package dev.iolab.upload.upload.admission;

import dev.iolab.upload.system.UploadProperties;
import dev.iolab.upload.upload.UploadMetrics;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

/** One {@link Admission} per kind of work, each over its own bounded executor. */
@Configuration(proxyBeanMethods = false)
class AdmissionConfiguration {

    @Bean
    Admission uploadAdmission(
            @Qualifier("uploadExecutor") ThreadPoolTaskExecutor executor,
            UploadProperties properties,
            UploadMetrics metrics) {
        Admission admission =
                new Admission("upload", executor, properties.executor().asyncTimeout());
        metrics.overdueGauge(admission, Admission::overdue);
        return admission;
    }
}
