Feature: A no-show
  When someone does not come, the provider's admin marks the appointment as a no-show (issue 29):
  only a scheduled appointment, and only once its time is over. The clinic's booking policy, as it
  was when the appointment was booked, says what happens to the payment: a no-show that is charged
  keeps it; one that is not is refunded in full.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail            | role  |
      | Sunita | admin@example.com | admin |
      | Asha   | user@example.com  | user  |
    And Asha has signed in
    And Sunita has signed in

  @jobs
  Scenario: A no-show that is not charged is refunded in full
    Given Asha has booked and paid for "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
    And Sunita has marked Asha's appointment tomorrow at 09:00 as scheduled
    And Asha's appointment tomorrow at 09:00 has ended
    When Sunita marks Asha's appointment tomorrow at 09:00 as no_show
    Then Sunita is told "Appointment marked as no_show"
    And Asha's appointment tomorrow at 09:00 is no_show
    And Asha gets back ₹50.00 of her appointment tomorrow at 09:00, and the clinic keeps nothing

  @jobs
  Scenario: A no-show that is charged keeps the payment
    Given Sunita has set the booking policy: a no-show is charged
    And Asha has booked and paid for "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
    And Sunita has marked Asha's appointment tomorrow at 09:00 as scheduled
    And Asha's appointment tomorrow at 09:00 has ended
    When Sunita marks Asha's appointment tomorrow at 09:00 as no_show
    Then Asha's appointment tomorrow at 09:00 is no_show
    And Asha gets back nothing of her appointment tomorrow at 09:00, and the clinic keeps ₹50.00

  Scenario: Nobody is a no-show before the appointment has ended
    Given Asha has booked "Follow-up Visit" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
    When Sunita marks Asha's appointment tomorrow at 09:00 as no_show
    Then Sunita is told "Only a scheduled appointment that has ended can be marked as a no-show"
    And Asha's appointment tomorrow at 09:00 is still scheduled
