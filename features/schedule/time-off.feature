Feature: Time off and minimum notice
  A provider's admin takes days or hours off (holidays, leave): no slot inside time off is offered
  to users, and no time slot can be added inside it. A minimum notice in the booking policy keeps
  users from booking a slot that starts too soon: such slots are not offered, and booking one is
  refused. Sunrise Clinic keeps India time (Asia/Kolkata).

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail            | role  |
      | Sunita | admin@example.com | admin |
      | Asha   | user@example.com  | user  |
    And Sunita has signed in
    And Asha has signed in

  @any-hour
  Scenario: The admin takes a day off: users are offered no slot that day, and no time slot can be added
    Given Sunita has added a time slot in 5 days from 18:00 to 20:00 for "General Consultation", split into 4
    When Sunita takes time off in 5 days for "Holiday"
    Then Sunita is told "Time off added"
    When Asha looks up the time slots of "Sunrise Clinic" for the service "General Consultation"
    Then Asha is offered no slot in 5 days
    When Sunita adds a time slot with the date "in 5 days"
    Then Sunita is refused with status 409
    And Sunita is told "This time slot falls within time off. Delete the time off first, or choose other times."

  @any-hour
  Scenario: With a minimum notice of two days, sooner slots are neither offered nor bookable
    Given Sunita has added a time slot tomorrow from 18:00 to 20:00 for "General Consultation", split into 4
    And Sunita has set a minimum notice of 2880 minutes
    When Asha looks up the time slots of "Sunrise Clinic" for the service "General Consultation"
    Then Asha is offered no slot starting sooner than 2880 minutes from now, and a first open slot after them
    When Asha books "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 18:00
    Then Asha is refused with status 422
    And Asha is told "This slot starts too soon: the provider asks for more notice. Please choose a later time."

  Scenario: A booked time slot is deleted only with its bookings cancelled, and is offered no more
    Given Sunita has added a time slot in 6 days from 18:00 to 20:00 for "General Consultation", split into 4
    And Asha has booked "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot in 6 days at 18:00
    When Sunita deletes the time slot in 6 days at 18:00
    Then Sunita is refused with status 409
    When Sunita deletes the time slot in 6 days at 18:00, cancelling the affected bookings
    Then Asha's appointment in 6 days at 18:00 is cancelled
    When Asha looks up the time slots of "Sunrise Clinic" for the service "General Consultation"
    Then Asha is offered no time slot in 6 days at 18:00

  Scenario: A booked time slot shrinks over its bookings only with them cancelled
    Given Sunita has added a time slot in 7 days from 18:00 to 20:00 for "General Consultation", split into 4
    And Asha has booked "General Consultation" at "Sunrise Clinic" in interval 4 of the time slot in 7 days at 18:00
    When Sunita changes the time slot in 7 days at 18:00 to end at 19:00, split into 2
    Then Sunita is refused with status 409
    And Sunita is told "This would cancel bookings: cancel the affected bookings (they are refunded in full and told) or keep the time slot as it is"
    When Sunita changes the time slot in 7 days at 18:00 to end at 19:00, split into 2, cancelling the affected bookings
    Then Sunita is told "Time slot changed"
    And Asha's appointment in 7 days at 19:30 is cancelled
