Feature: Booking an appointment
  A user books a service in one of a provider's time slots. A time slot split into intervals is
  booked interval by interval, each interval by one person; a block takes a number of people.
  Sunrise Clinic opens a time slot every morning from 09:00 to 12:00 on India time, split into six
  half-hour intervals. Its General Consultation costs ₹50 and waits for the clinic after
  booking; its Follow-up Visit is free and booked automatically. Price, payment and automatic
  booking always come from the service, whatever the booking screen sends.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail            | role  |
      | Sunita | admin@example.com | admin |
      | Asha   | user@example.com  | user  |
    And Asha has signed in

  Rule: A user books one interval of a time slot, and nobody else can book it after her

    @any-hour
    Scenario: A user books a paid consultation; it waits for the clinic
      When Asha books "General Consultation" at "Sunrise Clinic" in interval 2 of the time slot tomorrow at 09:00
      Then Asha is told "Appointment booked successfully"
      And Asha's new appointment is:
        | service        | General Consultation |
        | provider       | Sunrise Clinic       |
        | day            | tomorrow             |
        | from           | 09:30                |
        | to             | 10:00                |
        | status         | pending              |
        | price          | ₹50.00                  |
        | payment needed | yes                  |
        | paid           | no                   |
      And Asha sees only interval 2 of the time slot tomorrow at 09:00 at "Sunrise Clinic" as taken

    Scenario: An interval someone has just booked cannot be booked again
      Given Ben has registered as a user
      And Ben has signed in
      And Asha has booked "General Consultation" at "Sunrise Clinic" in interval 2 of the time slot tomorrow at 09:00
      When Ben books "General Consultation" at "Sunrise Clinic" in interval 2 of the time slot tomorrow at 09:00
      Then Ben is told "This slot was just booked"
      And Ben has no appointments

    Scenario: Of 20 bookings of one interval sent at the same moment, exactly one gets it
      Given Sunita has signed in
      When Asha sends 20 bookings of "General Consultation" at "Sunrise Clinic" for interval 3 of the time slot tomorrow at 09:00 at the same moment
      Then 1 of the 20 are booked and 19 are told "This slot was just booked"
      And Sunita sees exactly 1 appointment in interval 3 of the time slot tomorrow at 09:00

    Scenario: A block for 3 people takes exactly 3 of 10 bookings sent at the same moment
      Given Sunita has signed in
      And Sunita has added a block for 3 people tomorrow from 15:00 to 16:00 for "General Consultation"
      When Asha sends 10 bookings of "General Consultation" at "Sunrise Clinic" for the block tomorrow at 15:00 at the same moment
      Then 3 of the 10 are booked and 7 are told "This slot was just booked"
      And Asha sees 0 places left in the block tomorrow at 15:00 at "Sunrise Clinic"
      And Sunita sees exactly 3 appointments in the block tomorrow at 15:00

    Scenario: The same booking sent again with its Idempotency-Key books once
      When Asha sends the same booking of "General Consultation" at "Sunrise Clinic" for interval 4 of the time slot tomorrow at 09:00 3 times with one Idempotency-Key, as a double click would
      Then all 3 answers name the same appointment
      And Asha has 1 appointment

  Rule: A free service with automatic booking needs nobody to confirm it

    Scenario: A free follow-up visit is scheduled at once
      When Asha books "Follow-up Visit" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
      Then Asha is told "Appointment booked successfully"
      And Asha's new appointment is:
        | service        | Follow-up Visit |
        | provider       | Sunrise Clinic  |
        | day            | tomorrow        |
        | from           | 09:00           |
        | to             | 09:30           |
        | status         | scheduled       |
        | price          | ₹0.00              |
        | payment needed | no              |
      And Asha is asked for no payment

  Rule: Only a user books, and only an interval the time slot has

    Scenario: An interval the time slot does not have is refused
      When Asha books "General Consultation" at "Sunrise Clinic" in interval 7 of the time slot tomorrow at 09:00
      Then Asha is told "Choose one of the slot's intervals"
      And Asha has no appointments

    Scenario: An admin may not book
      Given Sunita has signed in
      When Sunita books "General Consultation" at "Sunrise Clinic" in interval 5 of the time slot tomorrow at 09:00
      Then Sunita is refused with "You do not have permission to do this"
      And Asha sees no interval of the time slot tomorrow at 09:00 at "Sunrise Clinic" as taken

  Rule: Every demo provider can be booked, so a newcomer can book in every industry

    @any-hour
    Scenario Outline: A newcomer finds open slots at <provider>
      When Asha looks up the time slots of "<provider>" for the service "<service>"
      Then Asha is offered a first open slot, with slots on <days> days or more

      Examples:
        | provider             | service              | days |
        | Sunrise Clinic       | Follow-up Visit      | 13   |
        | Peak Performance Gym | Fitness Assessment   | 5    |
        | Thrissur Dental Care | Dental Check-up      | 5    |
        | Downtown Cowork Hub  | Meeting Room         | 5    |
