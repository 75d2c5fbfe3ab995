Feature: A provider's history
  Every change to a provider is an event in the log, so platform staff can see exactly who did
  what and when, and what the provider looked like at any moment. The provider's own admin reads
  its own history; other people may not. Operators can rebuild a read model as it was at a
  moment, to inspect it, without touching the live one.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail                 | role       |
      | Sam    | superadmin@example.com | superadmin |
      | Sunita | admin@example.com      | admin      |
      | Asha   | user@example.com       | user       |
    And Asha has signed in
    And Sunita has signed in
    And Sam has signed in
    And Asha has booked "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00

  @any-hour
  Scenario: A superadmin audits Sunrise Clinic
    When Sunita marks Asha's appointment tomorrow at 09:00 as scheduled
    And Sam reads the history of "Sunrise Clinic"
    Then the newest entry says Asha's "General Consultation" tomorrow at 09:00 went from pending to scheduled, done by Sunita
    And it shows the status change as "pending" → "scheduled"
    And an entry says Asha User booked "General Consultation" for tomorrow at 09:00, done by Asha
    And an entry says "Sunrise Clinic was approved.", done by Sam
    And as of just before Asha's booking, Sam sees no booking in the time slot tomorrow at 09:00
    And as of now, Sam sees Asha's booking in the time slot tomorrow at 09:00

  Scenario: Only platform staff and the provider's own admin may read its history
    When Sunita reads the history of "Sunrise Clinic"
    Then the history is shown
    When Asha reads the history of "Sunrise Clinic"
    Then Asha may not read it: "You do not have permission to do this"

  @any-hour
  Scenario: An operator replays the appointments read model to last Monday
    When an operator replays the appointments read model to last Monday into the schema "as_of_monday"
    Then the replayed read model holds 0 appointments
    And Asha's appointment tomorrow at 09:00 is pending
    When an operator replays the appointments read model to now into the schema "as_of_now"
    Then the replayed read model holds 1 appointment
