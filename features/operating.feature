Feature: Operating the platform
  Operators can see whether the platform is healthy, and can rebuild its read models
  from the event log while it keeps serving.

  Scenario: A freshly started platform reports that it is healthy
    Given the platform is running
    When an operator checks its health
    Then the database is reachable
    And every read model is up to date

  Scenario: Rebuilding the read models from the event log loses nothing
    Given the platform is running
    And 40 events have been recorded across 12 providers
    When an operator rebuilds every read model
    Then the operators' stream catalogue lists 12 streams holding 40 events
    And every read model is up to date

  Scenario: Work recorded during a rebuild still reaches the read models
    Given the platform is running
    And 200 events have been recorded across 20 providers
    When an operator rebuilds every read model while 30 more events are recorded
    Then the operators' stream catalogue lists 20 streams holding 230 events
    And every read model is up to date
