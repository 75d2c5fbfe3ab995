Feature: A user books a recurring series
  Where the provider allows it on a service (issue 31), a user books a series: every few days or
  weeks, up to 12 times, each time in a place of the same service at the same time. The series
  is held all at once or not at all: when one of its times is taken, nothing is booked, unless
  she asks for the free ones only. Each time is a booking of its own, cancelled alone or with
  all the following ones.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail            | role  |
      | Sunita | admin@example.com | admin |
      | Asha   | user@example.com  | user  |
    And Asha has signed in

  Scenario: A series is booked all at once
    When Asha books "Follow-up Visit" at "Sunrise Clinic" every 2 days, 4 times, from interval 2 of the time slot in 3 days at 09:00
    Then Asha is told "Series booked successfully"
    And Asha holds 4 appointments of her series

  Scenario: One time taken, nothing is held; the free ones only are booked when she asks
    Given Ben has registered as a user
    And Ben has signed in
    And Ben has booked "Follow-up Visit" at "Sunrise Clinic" in interval 2 of the time slot in 5 days at 09:00
    When Asha books "Follow-up Visit" at "Sunrise Clinic" every 2 days, 4 times, from interval 2 of the time slot in 3 days at 09:00
    Then Asha is told "Not every occurrence of the series is free, so none was booked"
    And Asha holds no appointment of a series
    When Asha books the free ones only of "Follow-up Visit" at "Sunrise Clinic" every 2 days, 4 times, from interval 2 of the time slot in 3 days at 09:00
    Then Asha is told "Series booked successfully"
    And Asha holds 3 appointments of her series

  Scenario: She cancels one time and all the following ones
    Given Asha has booked "Follow-up Visit" at "Sunrise Clinic" every 2 days, 4 times, from interval 3 of the time slot in 3 days at 09:00
    When Asha cancels time 2 of her series and all the following ones
    Then Asha is told "The appointment and the following ones of its series were cancelled"
    And Asha holds 1 appointment of her series

  Scenario: A service the provider did not allow it for is not booked as a series
    When Asha books "General Consultation" at "Sunrise Clinic" every 1 week, 2 times, from interval 2 of the time slot in 3 days at 09:00
    Then Asha is told "This service cannot be booked as a series"
