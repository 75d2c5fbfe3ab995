Feature: Time slots
  A provider's staff open time slots: stretches of a day during which a service can be booked.
  A time slot is either split into equal intervals, each booked by one person, or one block that
  takes a number of people. A time slot form can repeat daily, weekly or monthly until a given
  day, which makes one time slot per day. Times are the provider's own clock: Sunrise Clinic keeps
  India time (Asia/Kolkata). Users see the time slots of a service and are offered the first open
  slot.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail               | role     |
      | Sunita | admin@example.com    | admin    |
      | Ivan   | incharge@example.com | incharge |
      | Asha   | user@example.com     | user     |
    And Sunita has signed in

  Rule: A time slot form makes one time slot per day it repeats on, on the provider's clock

    @any-hour
    Scenario: The admin adds a time slot repeating daily for three days
      When Sunita adds this time slot:
        | date         | tomorrow             |
        | start time   | 14:00                |
        | end time     | 16:00                |
        | services     | General Consultation |
        | split into   | 4                    |
        | repeat       | daily                |
        | repeat until | in 3 days            |
      Then Sunita is told "Time slot added successfully"
      And Sunita is shown these time slots:
        | date      | from  | to    | split into | services             |
        | tomorrow  | 14:00 | 16:00 | 4          | General Consultation |
        | in 2 days | 14:00 | 16:00 | 4          | General Consultation |
        | in 3 days | 14:00 | 16:00 | 4          | General Consultation |
      And each of them runs on the clock of "Asia/Kolkata"
      And Sunita's schedule holds 3 time slots from 14:00 to 16:00

    @any-hour
    Scenario: The incharge adds a weekly block for several people
      Given Ivan has signed in
      When Ivan adds this time slot:
        | date         | tomorrow                              |
        | start time   | 18:00                                 |
        | end time     | 19:30                                 |
        | services     | General Consultation, Follow-up Visit |
        | places       | 5                                     |
        | repeat       | weekly                                |
        | repeat until | in 16 days                            |
      Then Ivan is told "Time slot added successfully"
      And Ivan is shown these time slots:
        | date       | from  | to    | places | services                              |
        | tomorrow   | 18:00 | 19:30 | 5      | General Consultation, Follow-up Visit |
        | in 8 days  | 18:00 | 19:30 | 5      | General Consultation, Follow-up Visit |
        | in 15 days | 18:00 | 19:30 | 5      | General Consultation, Follow-up Visit |
      And each of them runs on the clock of "Asia/Kolkata"

    Scenario: A user cannot add time slots
      Given Asha has signed in
      When Asha adds this time slot:
        | date       | tomorrow             |
        | start time | 14:00                |
        | end time   | 16:00                |
        | services   | General Consultation |
      Then Asha is refused with "You do not have permission to do this"

  Rule: A time slot form with a mistake is refused and says what to fix

    @any-hour
    Scenario Outline: The admin adds a time slot with the <field> "<value>"
      When Sunita adds a time slot with the <field> "<value>"
      Then Sunita's time slot is refused with "<message>" on the <shown on>
      And Sunita's schedule holds 0 time slots from 10:00 to 12:00

      Examples:
        | field      | value     | message                               | shown on     |
        | date       |           | Date is required                      | date         |
        | date       | yesterday | The date cannot be in the past        | date         |
        | start time |           | Start time is required                | start time   |
        | start time | 9am       | Use the 24-hour HH:mm format          | start time   |
        | end time   |           | End time is required                  | end time     |
        | end time   | 09:30     | End time must be after start time     | end time     |
        | end time   | 10:00     | End time must be after start time     | end time     |
        | services   |           | At least one service must be selected | services     |
        | services   | Massage   | Unknown service: Massage              | services     |
        | split into | 0         | Must have at least 1 available slot   | split into   |
        | places     | 0         | Must have at least 1 total slot       | places       |
        | repeat     | daily     | Repeat until date is required         | repeat until |

  Rule: An interval is at least as long as each service it offers

    Scenario: A split into intervals shorter than a service is refused, naming the service
      Given Sunita has added the service "Deep Massage" taking 45 minutes at ₹50
      When Sunita adds this time slot:
        | date       | tomorrow                           |
        | start time | 14:00                              |
        | end time   | 16:00                              |
        | services   | General Consultation, Deep Massage |
        | split into | 4                                  |
      Then Sunita's time slot is refused with "The intervals are shorter than a service they offer: Deep Massage (45 min)" on the split into
      And Sunita's schedule holds 0 time slots from 14:00 to 16:00
      When Sunita adds this time slot:
        | date       | tomorrow                           |
        | start time | 14:00                              |
        | end time   | 16:00                              |
        | services   | General Consultation, Deep Massage |
        | split into | 2                                  |
      Then Sunita is told "Time slot added successfully"
      And Sunita's schedule holds 1 time slot from 14:00 to 16:00

  Rule: Sending the same time slot again with the same Idempotency-Key creates it once

    Scenario: A retried request does not double the time slots
      When Sunita sends this time slot twice with the same Idempotency-Key, as a retry would:
        | date         | tomorrow             |
        | start time   | 14:00                |
        | end time     | 16:00                |
        | services     | General Consultation |
        | split into   | 4                    |
        | repeat       | daily                |
        | repeat until | in 3 days            |
      Then both answers name the same 3 time slots
      And Sunita's schedule holds 3 time slots from 14:00 to 16:00

  Rule: Time slots can be shown for one service

    Scenario: The admin shows only the time slots of one service
      Given Sunita has added the service "Vaccination" taking 20 minutes at ₹50
      And Sunita has added a time slot tomorrow from 14:00 to 16:00 for "Vaccination", split into 4
      When Sunita shows only the time slots for "Vaccination"
      Then Sunita is shown these time slots:
        | date     | from  | to    | split into | services    |
        | tomorrow | 14:00 | 16:00 | 4          | Vaccination |
      When Sunita shows only the time slots for "General Consultation"
      Then Sunita is shown 14 time slots
      And every one of them offers "General Consultation"
      When Sunita shows the time slots of all services
      Then Sunita is shown 15 time slots

  Rule: A user sees a service's time slots and is offered the first open slot

    @any-hour
    Scenario Outline: A user looks up the time slots of a service costing <price>
      Given Sunita has added this service:
        | name              | Vaccination          |
        | minutes           | 20                   |
        | price             | <price>              |
        | automatic booking | <automatic booking>  |
      And Sunita has added a time slot in 2 days from 14:00 to 16:00 for "Vaccination", split into 4
      And Sunita has added a time slot tomorrow from 12:00 to 14:00 for "Vaccination", split into 4
      And Asha has signed in
      When Asha looks up the time slots of "Sunrise Clinic" for the service "Vaccination"
      Then Asha is shown the service "Vaccination" at <price>, payment needed: <payment needed>, booked automatically: <automatic booking>
      And Asha is shown these time slots:
        | date      | from  | to    | split into |
        | tomorrow  | 12:00 | 14:00 | 4          |
        | in 2 days | 14:00 | 16:00 | 4          |
      And the first open slot Asha is offered is interval 1 of the time slot tomorrow, from 12:00 to 12:30

      Examples:
        | price | automatic booking | payment needed |
        | ₹50.00   | no                | yes            |
        | ₹0.00    | yes               | no             |

    Scenario: A renamed service keeps its time slots
      Given Sunita has added the service "Vaccination" taking 20 minutes at ₹50
      And Sunita has added a time slot tomorrow from 12:00 to 14:00 for "Vaccination", split into 4
      And Asha has signed in
      When Sunita renames the service "Vaccination" to "Flu Vaccination"
      And Asha looks up the time slots of "Sunrise Clinic" for the service "Flu Vaccination"
      Then Asha is shown the service "Flu Vaccination" at ₹50.00, payment needed: yes, booked automatically: no
      And Asha is shown these time slots:
        | date     | from  | to    | split into | services        |
        | tomorrow | 12:00 | 14:00 | 4          | Flu Vaccination |
      When Asha looks up the time slots of "Sunrise Clinic" for the service "Vaccination"
      Then Asha is told "Service not found"
